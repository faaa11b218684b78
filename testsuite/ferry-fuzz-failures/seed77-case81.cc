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
double region(int n, int m, int *x)
{
    double s = 0;
    int count = 0;
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) map(tofrom: s, count) if(n < 0) nowait
    for (int i = 0; i < n; ++i) {
        { x[i] = std::sqrt(std::fabs((double)x[i]) + 1.0); }
    }
    #pragma omp taskwait
    return s + count;
}
int main()
{
    const int n = 64, m = 4;
    int *buffer_x = (int *)std::calloc(kCapacity, sizeof(int));
    fill(buffer_x, 0);
    std::printf("result %.17g\n", region(n, m, buffer_x));
    std::printf("result %.17g\n", region(n, m, buffer_x));
    report("x", buffer_x);
    return 0;
}
