// Reductions of every kind over int, float and double; several in one
// loop; the kernel returns the reduced values.
// { ferry-tolerance 1e-6 }
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <vector>

struct IntStats {
    long sum;
    int min, max, all, any, parity;
    long product;
};

[[ferry::kernel]]
IntStats int_stats(std::size_t n, [[ferry::borrow(n)]] const int *v)
{
    long sum = 0, product = 1;
    int lo = 1 << 30, hi = -(1 << 30), all = ~0, any = 0, parity = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sum += v[i];
        lo = std::min(lo, v[i]);
        hi = v[i] > hi ? v[i] : hi;
        all &= v[i] | 0x100;
        any |= v[i] & 0x0f;
        parity ^= v[i];
        product *= (v[i] % 3 == 0) ? -1 : 1;
    }
    return IntStats{sum, lo, hi, all, any, parity, product};
}

[[ferry::kernel]]
float float_sum(std::size_t n, [[ferry::borrow(n)]] const float *x)
{
    float s = 0;
    for (std::size_t i = 0; i < n; ++i)
        s += x[i];
    return s;
}

[[ferry::kernel]]
double double_minmax(std::size_t n, [[ferry::borrow(n)]] const double *x)
{
    double lo = 1e300, hi = -1e300;
    for (std::size_t i = 0; i < n; ++i) {
        lo = std::min(lo, x[i]);
        hi = std::max(hi, x[i]);
    }
    return hi - lo;
}

int main()
{
    const std::size_t n = 4099;
    std::vector<int> v(n);
    std::vector<float> f(n);
    std::vector<double> d(n);
    for (std::size_t i = 0; i < n; ++i) {
        v[i] = int((i * 2654435761u) % 2001) - 1000;
        f[i] = 0.001f * float(i % 97);
        d[i] = 0.5 * double(v[i]) + 0.25;
    }
    IntStats s = int_stats(n, v.data());
    std::printf("%ld %d %d %d %d %d %ld\n", s.sum, s.min, s.max, s.all, s.any,
                s.parity, s.product);
    std::printf("%.6g %.15g\n", float_sum(n, f.data()),
                double_minmax(n, d.data()));
}
