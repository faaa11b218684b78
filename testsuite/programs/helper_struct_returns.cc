// Helpers that return a struct, used as `lookup(grid, e).total` (a
// temporary, not a declared local) and built from reads of their pointer
// parameters (`return {p[0] * e, p[1], 0};`).  ferry used to see neither the
// call inside the member access nor the reads inside the braces: the
// buffers they read were not copied to the device (the sim device read
// its NaN filler), and on libgomp's path the loop kept simd, where the
// returned struct of all 32 lanes went to one slot of the warp's frame
// (87 of 100 totals wrong on the H200).
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

namespace {

// 24 bytes: GCC 12 cannot compile a noinline one of 16 bytes or less for
// nvptx (diagnostics/offload_limits.cc).
struct Pair {
    double scaled, next, spare;
};

__attribute__((noinline)) Pair pair_of(const double *p, double e)
{
    return {p[0] * e, p[1], 0};
}

struct Channels {
    double total, elastic;
};

inline Channels lookup(const double *grid, int points, double energy)
{
    int low = 0;
    while (low + 1 < points && grid[low + 1] <= energy)
        ++low;
    return {grid[low] * 2 + energy, grid[low]};
}

} // namespace

[[ferry::kernel]]
void pairs(int n, [[ferry::borrow(n + 1)]] const double *x, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = pair_of(&x[i], 2.0).scaled + pair_of(&x[i], 1.0).next;
}

[[ferry::kernel]]
double total_energy(int n, int points, [[ferry::borrow(points)]] const double *grid)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += lookup(grid, points, i * 0.01).total;
    return sum;
}

int main()
{
    const int n = 1000, points = 64;
    std::vector<double> x(n + 1), y(n), grid(points);
    for (int i = 0; i <= n; ++i)
        x[i] = i * 0.5;
    for (int p = 0; p < points; ++p)
        grid[p] = p * 0.2;
    pairs(n, x.data(), y.data());
    double sy = 0;
    for (int i = 0; i < n; ++i)
        sy += y[i] * (i % 3 + 1);
    std::printf("%.6f %.6f\n", sy, total_energy(n, points, grid.data()));
    return 0;
}
