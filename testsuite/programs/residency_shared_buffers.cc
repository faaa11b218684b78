// Three kernels pass data through intermediate buffers ten times: only the
// inputs go up and only the result comes back.
// { ferry-stats "FERRY_DEVICE=sim" "launches=30 h2d_bytes=16000 h2d_copies=2 d2h_bytes=8000 d2h_copies=1" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=30 h2d_bytes=400000 h2d_copies=50 d2h_bytes=240000 d2h_copies=30" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void square(int n, [[ferry::borrow(n)]] const double *a,
            [[ferry::out(n)]] double *b)
{
    for (int i = 0; i < n; ++i)
        b[i] = a[i] * a[i];
}

[[ferry::kernel]]
void halve(int n, [[ferry::borrow(n)]] const double *b,
           [[ferry::out(n)]] double *c)
{
    for (int i = 0; i < n; ++i)
        c[i] = 0.5 * b[i];
}

[[ferry::kernel]]
void combine(int n, [[ferry::borrow(n)]] const double *a,
             [[ferry::borrow(n)]] const double *c,
             [[ferry::borrow_mut(n)]] double *d)
{
    for (int i = 0; i < n; ++i)
        d[i] += a[i] - c[i];
}

int main()
{
    const int n = 1000;
    const std::size_t bytes = n * sizeof(double);
    double *a = static_cast<double *>(std::malloc(bytes));
    double *b = static_cast<double *>(std::malloc(bytes));
    double *c = static_cast<double *>(std::malloc(bytes));
    double *d = static_cast<double *>(std::malloc(bytes));
    for (int i = 0; i < n; ++i) {
        a[i] = 1.0 / (i + 1);
        d[i] = 0;
    }
    for (int round = 0; round < 10; ++round) {
        square(n, a, b);
        halve(n, b, c);
        combine(n, a, c, d);
    }
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += d[i] * (i + 1);
    std::printf("%.9e\n", sum);
    std::free(a);
    std::free(b);
    std::free(c);
    std::free(d);
}
