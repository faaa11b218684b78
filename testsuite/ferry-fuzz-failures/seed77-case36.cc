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
double region(int n, int m, float *x, int *y, double *z)
{
    double s = 0;
    int count = 0;
    int off = n / 2;
    if (m > 8)
        off = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: x[off:n * m]) map(from: y[off:n * m]) map(from: z[off:n * m]) map(tofrom: s, count) if(n < 0)
    for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
        y[off + i * m + j] = i;
        z[off + i * m + j] = i;
        { { auto *p = x + off + (i * m + j); *p = y[off + i * m + j]; } }
    }
    return s + count;
}
int main()
{
    const int n = 64, m = 4;
    float *buffer_x = (float *)std::calloc(kCapacity, sizeof(float));
    fill(buffer_x, 0);
    int *buffer_y = (int *)std::calloc(kCapacity, sizeof(int));
    fill(buffer_y, 1);
    double *buffer_z = (double *)std::calloc(kCapacity, sizeof(double));
    fill(buffer_z, 2);
    std::printf("result %.17g\n", region(n, m, buffer_x, buffer_y, buffer_z));
    std::printf("result %.17g\n", region(n, m, buffer_x, buffer_y, buffer_z));
    report("x", buffer_x);
    report("y", buffer_y);
    report("z", buffer_z);
    return 0;
}
