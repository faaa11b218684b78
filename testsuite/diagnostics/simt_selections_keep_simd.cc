// std::min, std::max and std::clamp in device functions and in the loop
// become value selections, so the kernel keeps its simd level (the address
// of a helper's local inside simd is what GCC 12 miscompiles on nvptx).
#include <algorithm>
#include <cstddef>

template <typename T> T clamp01(T v) { return std::min(T(1), std::max(T(0), v)); }
static double limit(double v) { return std::clamp(v, -1.0, 1.0); }

[[ferry::kernel]]
void apply(std::size_t n, [[ferry::borrow(n)]] const double *x,
           [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = clamp01(x[i]) + limit(x[i]) + std::max(0.0, x[i]);
}
// { dg-final { scan-tree-dump-times "#pragma omp simd" 1 "original" } }
// { dg-final { scan-tree-dump-not "std::max<double> \\(\\(const double &\\) &\\(D" "original" } }
