// Kernels on halves of one allocation: each half moves by itself, and only
// what a kernel wrote comes back.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2 h2d_bytes=8000 h2d_copies=2 d2h_bytes=8000 d2h_copies=2" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void scale(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] *= 3.0;
}

[[ferry::kernel]]
void accumulate(int n, [[ferry::borrow(n)]] const double *x,
                [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += x[i];
}

int main()
{
    const int n = 1000, half = n / 2;
    double *y = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        y[i] = i;
    scale(half, y + half); // second half: up, then device-newer
    double sum = 0;
    for (int i = 0; i < n; ++i) // second half comes back
        sum += y[i];
    std::printf("%.9e\n", sum);
    accumulate(half, y, y + half); // first half goes up
    sum = 0;
    for (int i = 0; i < n; ++i) // second half comes back again
        sum += y[i] * (i + 1);
    std::printf("%.9e\n", sum);
    std::free(y);
}
