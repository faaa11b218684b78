// Helpers with a local array and an address-taken local: what the direct
// entry needs is decided on the PTX, after inlining (the entry is always
// built).  Inlined, the locals live in registers; kept out of line
// (noinline), the body needs stack frames and libferry gives each thread a
// stack.  Both give the serial answers.
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>

static inline void accumulate(double *xs, double e)
{
    for (int k = 0; k < 5; ++k)
        xs[k] += e * (k + 1);
}

static inline double lookup(double e)
{
    double xs[5] = {0, 0, 0, 0, 0};
    accumulate(xs, e);
    accumulate(xs, 2 * e);
    return xs[0] + xs[2] + xs[4];
}

__attribute__((noinline)) static void accumulate_out_of_line(double *xs, double e)
{
    for (int k = 0; k < 5; ++k)
        xs[k] += e * (k + 2);
}

__attribute__((noinline)) static double lookup_out_of_line(double e)
{
    double xs[5] = {1, 1, 1, 1, 1};
    accumulate_out_of_line(xs, e);
    return xs[1] * xs[3];
}

[[ferry::kernel]]
void inlined(int n, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = lookup(0.001 * i);
}

[[ferry::kernel]]
void framed(int n, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = lookup_out_of_line(0.002 * i);
}

int main()
{
    const int n = 5000;
    std::vector<double> a(n), b(n);
    inlined(n, a.data());
    framed(n, b.data());
    double sa = 0, sb = 0;
    for (int i = 0; i < n; ++i) {
        sa += a[i];
        sb += b[i];
    }
    std::printf("%.12g %.12g\n", sa, sb);
}
