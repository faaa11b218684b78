// A std::array per iteration, written through its accessors, and a small
// struct returned by value from a helper: the serial answers on every
// device, and on NVIDIA the direct path (with frames where GCC keeps the
// array in memory).
// { dg-options "-std=c++17" }
#include <ferry/ferry.hpp>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

struct Vec3 {
    double x, y, z;
};

static Vec3 cross(const Vec3 &a, const Vec3 &b)
{
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

[[ferry::kernel]]
void weights(int n, [[ferry::borrow(n)]] const double *x, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        std::array<double, 4> w{};
        for (int j = 0; j < 4; ++j)
            w[j] = std::pow(1.0 + x[i], 0.5 * j);
        w[1] += 1.0;
        w.front() = w.back() - w[2];
        const Vec3 c = cross({w[0], w[1], w[2]}, {w[3], 1.0, 2.0});
        y[i] = c.x + c.y + c.z + w[i % 4];
    }
}

int main()
{
    const int n = 4096;
    std::vector<double> x(n), y(n);
    for (int i = 0; i < n; ++i)
        x[i] = 0.001 * i;
    weights(n, x.data(), y.data());
    double s = 0;
    for (double v : y)
        s += v;
    std::printf("%.12g %.12g %.12g\n", s, y[1], y[n - 1]);
}
