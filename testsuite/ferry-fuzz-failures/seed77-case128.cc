// build_fails with -O2
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
const double kConstant = 3;
inline int idx(int i) { return i ^ 1; }
template <class V> inline void set(V *p, int v) { *p = v; }
template <class V> inline V helper(V v) { return v + 1; }
constexpr int kCapacity = 4096;
template <class V> void fill(V *p, int salt)
{
    for (int k = 0; k < kCapacity; ++k)
        p[k] = (V)((k * 7 + salt * 3) % 13 - 4);
}
template <class V> void report(const char *name, const V *p)
{
    double sum = 0, weighted = 0;
    for (int k = 0; k < kCapacity; ++k) {
        sum += (double)p[k];
        weighted += (double)p[k] * (k % 7 + 1);
    }
    std::printf("%s %.17g %.17g\n", name, sum, weighted);
}
double region(int n, int m, long *x, int *h)
{
    double s = 0;
    int count = 0;
    int off = n / 2;
    if (m > 8)
        off = 0;
#pragma omp target teams distribute parallel for map(from: x[off:n]) map(tofrom: h[0:16]) map(tofrom: s, count) reduction(+: s)
    for (int i = 0; i < n; ++i) {
        x[off + i] = 1;
        { s += x[off + i]; }
        { x[off + i] = std::sqrt(std::fabs((double)x[off + i]) + 1.0); }
        { x[off + i] = x[off + i]; }
#pragma omp atomic
        h[(i * 5) % 16] += i % 3 + 1;
    }
    return s + count;
}
int main()
{
    const int n = 64, m = 4;
    long *buffer_x = (long *)std::calloc(kCapacity, sizeof(long));
    fill(buffer_x, 0);
    int *buffer_h = (int *)std::calloc(kCapacity, sizeof(int));
    fill(buffer_h, 7);
    std::printf("result %.17g\n", region(n, m, buffer_x, buffer_h));
    std::printf("result %.17g\n", region(n, m, buffer_x, buffer_h));
    report("x", buffer_x);
    report("h", buffer_h);
    return 0;
}
