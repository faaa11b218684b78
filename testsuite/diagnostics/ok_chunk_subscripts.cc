// Should compile: different subscripts that stay inside the iteration's
// own span: a chunk y[i*c .. i*c + c) read by an inner loop and written at
// its start, a pair y[2*i], y[2*i + 1], and a serial scan inside a row.
[[ferry::kernel]]
void chunk_sums(int n, int c, [[ferry::borrow_mut(n * c)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        double s = 0;
        for (int k = 0; k < c; ++k)
            s += y[i * c + k];
        y[i * c] = s;
    }
}

[[ferry::kernel]]
void pairs(int n, [[ferry::borrow_mut(2 * n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        const double t = y[2 * i];
        y[2 * i] = y[2 * i + 1];
        y[2 * i + 1] = t;
    }
}

[[ferry::kernel]]
void row_scan(int n, int m, [[ferry::borrow_mut(n * m)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        y[i * m] += 0.0;
        for (int j = 1; j < m; ++j)
            y[i * m + j] += y[i * m + j - 1];
    }
}
