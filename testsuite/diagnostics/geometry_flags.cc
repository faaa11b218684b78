// The plugin tells the geometry heuristic whether an iteration runs loops
// of its own (flag 2, beside simd's 1), and not for short constant loops.
// { dg-final { scan-tree-dump-times "__ferry_launch_geometry \\(.*, 0, 0, 1\\)" 2 "original" } }
// { dg-final { scan-tree-dump-times "__ferry_launch_geometry \\(.*, 0, 0, 3\\)" 1 "original" } }
constexpr int taps = 16;

[[ferry::kernel]]
void scale(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] *= 2;
}

[[ferry::kernel]]
void filter(int n, [[ferry::borrow(n + taps)]] const double *x,
            [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int k = 0; k < taps; ++k)
            sum += x[i + k];
        y[i] = sum;
    }
}

[[ferry::kernel]]
void rows(int n, int m, [[ferry::borrow(n * m)]] const double *a,
          [[ferry::out(n)]] double *sums)
{
    for (int i = 0; i < n; ++i) {
        double sum = 0;
        for (int j = 0; j < m; ++j)
            sum += a[i * m + j];
        sums[i] = sum;
    }
}
