// A kernel on the first half of y, then one on all of y (the device copy
// grows and keeps the half it had), then one on y + half inside it.
// { ferry-stats "FERRY_DEVICE=sim" "launches=3 h2d_bytes=8000 h2d_copies=2 d2h_bytes=8000 d2h_copies=1" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=3 h2d_bytes=16000 h2d_copies=3 d2h_bytes=16000 d2h_copies=3" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void shift(int n, double by, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = y[i] * 1.5 + by;
}

int main()
{
    const int n = 1000, half = n / 2;
    std::vector<double> y(n);
    for (int i = 0; i < n; ++i)
        y[i] = i;
    shift(half, 1.0, y.data());
    shift(n, 2.0, y.data());
    shift(half, 3.0, y.data() + half);
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += y[i] * (i + 1);
    std::printf("%.9e\n", sum);
}
