// A device that holds two of the three buffers: each launch evicts the
// buffer used longest ago, copying its results back first, and the
// answers stay right.
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_MEMORY=20000" "launches=9 h2d_bytes=72000 h2d_copies=9 d2h_bytes=72000 d2h_copies=9" }
// { ferry-stats "FERRY_DEVICE=sim" "launches=9 h2d_bytes=24000 h2d_copies=3 d2h_bytes=24000 d2h_copies=3" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_MEMORY=20000" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_MEMORY=20000 FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void add(int n, double value, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += value * i;
}

int main()
{
    const int n = 1000;
    double *buffers[3];
    for (double *&y : buffers) {
        y = static_cast<double *>(std::malloc(n * sizeof(double)));
        for (int i = 0; i < n; ++i)
            y[i] = 1;
    }
    for (int round = 0; round < 3; ++round)
        for (int b = 0; b < 3; ++b)
            add(n, round + b, buffers[b]);
    for (double *y : buffers) {
        double sum = 0;
        for (int i = 0; i < n; ++i)
            sum += y[i];
        std::printf("%.9e\n", sum);
        std::free(y);
    }
}
