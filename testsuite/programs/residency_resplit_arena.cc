// A static workspace and a stack workspace re-split into buffers of other
// extents at each step, as std::pmr::monotonic_buffer_resource over a
// fixed arena or a bump allocator does.  A buffer's edges there share
// pages with its neighbours and are not guarded, so host writes to them
// go unseen; when the next step's buffers join the old ones into one
// device copy, those edges must come up again (round 1 gave v 46360
// w 24594 where serial gives v 46000 w 24500).
#include <ferry/ferry.hpp>

#include <cstdio>
#include <memory_resource>
#include <vector>

[[ferry::kernel]]
void scale(int n, double a, [[ferry::borrow_mut(n)]] double *x)
{
    for (int i = 0; i < n; ++i)
        x[i] *= a;
}

[[ferry::kernel]]
double total(int n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i];
    return s;
}

namespace {

alignas(64) double arena[40000];

// One step on a bump allocator over MEMORY: v of NV elements, then w of NW.
void step(double *memory, int nv, int nw, int round, const char *where)
{
    double *v = memory, *w = memory + nv;
    for (int i = 0; i < nv; ++i)
        v[i] = 1.0 + round;
    for (int i = 0; i < nw; ++i)
        w[i] = 0.5 + round;
    scale(nv, 2.0, v);
    scale(nw, 3.0, w);
    std::printf("%s round %d: v %g w %g\n", where, round, total(nv, v),
                total(nw, w));
}

} // namespace

int main()
{
    const int splits[][2] = {{10000, 7000}, {11500, 8100}, {9000, 12000},
                             {20000, 3000}};
    int round = 0;
    for (const auto &split : splits)
        step(arena, split[0], split[1], round++, "static");
    double stack_arena[30000];
    round = 0;
    for (const auto &split : splits)
        step(stack_arena, split[0] / 2, split[1], round++, "stack");
    // std::pmr over the static arena, released and re-split each round.
    std::pmr::monotonic_buffer_resource pool(arena, sizeof arena,
                                             std::pmr::null_memory_resource());
    for (int r = 0; r < 3; ++r) {
        std::pmr::vector<double> v(8000 + 1500 * r, 1.0 + r, &pool);
        std::pmr::vector<double> w(5000 - 700 * r, 2.0 + r, &pool);
        scale(static_cast<int>(v.size()), 2.0, v.data());
        scale(static_cast<int>(w.size()), 3.0, w.data());
        std::printf("pmr round %d: v %g w %g\n", r,
                    total(static_cast<int>(v.size()), v.data()),
                    total(static_cast<int>(w.size()), w.data()));
        v = std::pmr::vector<double>(&pool);
        w = std::pmr::vector<double>(&pool);
        pool.release();
    }
}
