// Functions called from a kernel are compiled for the device, including
// templates instantiated only for the kernel, and calls of std::min,
// std::max and std::clamp inside them (rewritten to value selections, see
// plugin/simt_safety.h).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>

static double smooth(double v) { return v * v / (1.0 + std::fabs(v)); }

double later(double v) { return std::sqrt(std::fabs(v)) * 0.01; }

template <typename T> T clamp01(T v) { return std::min(T(1), std::max(T(0), v)); }

template <typename T> T limit(T v) { return std::clamp(v, T(-0.25), T(0.5)); }

[[ferry::kernel]]
void apply(std::size_t n, [[ferry::borrow(n)]] const double *x,
           [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = clamp01(smooth(x[i]) + later(x[i])) + limit(x[i]);
}

int main()
{
    double x[100], y[100];
    for (int i = 0; i < 100; ++i)
        x[i] = (i - 50) * 0.03;
    apply(100, x, y);
    double sum = 0;
    for (double v : y)
        sum += v;
    std::printf("%.12g %.12g %.12g\n", y[0], y[99], sum);
}
