// Should compile: every access of a buffer shifted alike, as 1-based loops
// write them, still gives each iteration an element of its own.
[[ferry::kernel]]
void one_based(int n, [[ferry::borrow(n)]] const double *x,
               [[ferry::borrow_mut(n)]] double *y, [[ferry::out(n)]] double *z)
{
    for (int i = 1; i <= n; ++i) {
        y[i - 1] += x[i - 1];
        z[i - 1] = 2.0 * y[i - 1];
    }
}

inline void set_next(double *p, double v) { p[1] = v; }

[[ferry::kernel]]
void next(int n, [[ferry::borrow_mut(n + 1)]] double *y)
{
    for (int i = 0; i < n; ++i)
        set_next(&y[i], 1.0);
}
