// Found by the differential fuzzer (ferry-fuzz seed 1, case 37): 'y' and
// 'w' are out buffers the loop never writes, so they were copied back from
// device memory over the caller's data; the sim device gave other sums
// than the serial build.
template <class V> inline V helper(V v) { return v + 1; }
constexpr int kSize = 64;

[[ferry::kernel]]
double k37(int n, int m, [[ferry::borrow_mut(kSize * n * m)]] float *x,
           [[ferry::out(n * m + m)]] long *y, // { dg-error "'y' is declared 'ferry::out', but kernel 'k37' never writes it" }
           [[ferry::out(n * m)]] double *z,
           [[ferry::out(kSize * n * m)]] long *w) // { dg-error "'w' is declared 'ferry::out', but kernel 'k37' never writes it" }
{
    double s = 0;
    int count = 0;
    for (long i = 0; i < n; i++)
        for (int j = 0; j < m; ++j) {
            z[i * m + j] = x[i * m + j] * 2 + 1;
            x[i * m + j] = helper(x[i * m + j]);
        }
    return s + count;
}
