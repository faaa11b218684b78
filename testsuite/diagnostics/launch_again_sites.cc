// Which kernels try their call site's last launch first (runtime/abi.h,
// __ferry_launch_again): those whose body is their one loop or nest, with
// a direct entry; not a kernel with a reduction, two loops, a statement
// beside its loop, or a struct argument.
#include <cstddef>
// { dg-options "-std=c++20 -O2" }
#include <span>

[[ferry::kernel]]
void axpy(std::size_t n, double a, [[ferry::borrow(n)]] const double *x,
          [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] += a * x[i];
}

[[ferry::kernel]]
void grid(long nx, long ny, std::span<const double> in, std::span<double> out)
{
    for (long j = 1; j < ny - 1; ++j)
        for (long i = 1; i < nx - 1; ++i)
            out[j * nx + i] = in[j * nx + i - 1] + in[j * nx + i + 1];
}

[[ferry::kernel]]
double total(std::size_t n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (std::size_t i = 0; i < n; ++i)
        s += x[i];
    return s;
}

[[ferry::kernel]]
void two_loops(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] += 1;
    for (std::size_t i = 0; i < n; ++i)
        y[i] *= 2;
}

[[ferry::kernel]]
void halved(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
    const std::size_t m = n / 2;
    for (std::size_t i = 0; i < m; ++i)
        y[i] = 1;
}

struct Coefficients {
    double a, b;
};

[[ferry::kernel]]
void affine(std::size_t n, Coefficients c, [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = c.a * y[i] + c.b;
}
// Two sites (axpy, grid); each of the six kernels keeps its sequence.
// { dg-final { scan-tree-dump-times "if \\(__ferry_launch_again \\(&__ferry_site, &__ferry_key\\[0\\], 11, &__ferry_args\\[0\\]\\) == 0\\)" 1 "original" } }
// { dg-final { scan-tree-dump-times "if \\(__ferry_launch_again \\(&__ferry_site, &__ferry_key\\[0\\], 14, &__ferry_args\\[0\\]\\) == 0\\)" 1 "original" } }
// { dg-final { scan-tree-dump-times "__ferry_launch_again" 2 "original" } }
// { dg-final { scan-tree-dump-times "__ferry_launch_begin \\(10, " 6 "original" } }
// The key: axpy's buffers and lengths, its reaches, the requests, and the
// iteration count; grid's extents along y and z.
// { dg-final { scan-tree-dump "__ferry_key\\[0\\] = \\(long long int\\) x;" "original" } }
// { dg-final { scan-tree-dump "__ferry_key\\[3\\] = \\(long long int\\) n;" "original" } }
// { dg-final { scan-tree-dump "__ferry_key\\[10\\] = \\(long long int\\) n;" "original" } }
// { dg-final { scan-tree-dump "__ferry_key\\[11\\] = nx > 2 \\? \\(long long int\\) \\(nx \\+ -2\\) : 0;" "original" } }
