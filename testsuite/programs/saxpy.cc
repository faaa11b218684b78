// The design's example: serial, host and sim runs must agree, and the sim
// device must move exactly x and y in and y out.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=1 h2d_bytes=16000 h2d_copies=2 d2h_bytes=8000 d2h_copies=1" }
// { ferry-stats "FERRY_DEVICE=host" "launches=1 h2d_copies=0 d2h_copies=0" }
#include <ferry/ferry.hpp>

#include <cstddef>
#include <cstdio>
#include <vector>

[[ferry::kernel]]
void daxpy(std::size_t n, double a, [[ferry::borrow(n)]] const double *x,
           [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] += a * x[i];
}

int main()
{
    const std::size_t n = 1000;
    std::vector<double> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = 0.5 * i;
        y[i] = 1.0 / (i + 1);
    }
    daxpy(n, 2.0, x.data(), y.data());
    double sum = 0;
    for (double v : y)
        sum += v;
    std::printf("%.15g %.15g %.15g\n", y[0], y[n - 1], sum);
}
