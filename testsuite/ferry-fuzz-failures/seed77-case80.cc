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
double region(int n, int m, float *x)
{
    double s = 0;
    int count = 0;
    int off = n / 2;
    if (m > 8)
        off = 0;
#pragma omp target teams distribute parallel for map(from: x[off:n]) map(tofrom: s, count) reduction(+: count)
    for (int i = 0; i < n; ++i) {
        x[off + i] = 1;
        { set(&x[off + i], 1); }
        { x[off + i] = kConstant + i; }
        { count += x[off + i] > 0; }
        { count += x[off + i] > 0; }
    }
    return s + count;
}
int main()
{
    const int n = 64, m = 4;
    float *buffer_x = (float *)std::calloc(kCapacity, sizeof(float));
    fill(buffer_x, 0);
    std::printf("result %.17g\n", region(n, m, buffer_x));
    std::printf("result %.17g\n", region(n, m, buffer_x));
    report("x", buffer_x);
    return 0;
}
