// Rule 2 through helpers three calls deep: the innermost one writes the
// element after the one it was given, which the next iteration writes
// itself.  (A loop whose every access is shifted alike, as y[i + 1] alone,
// is no race: each iteration still has an element of its own.)
inline void set(double *p, double v) { p[1] = v; } // { dg-message "'void set\\(double\\*, double\\)' makes the write here" }
inline void middle(double *p, double v) { set(p, v); }
inline void outer(double *p, double v) { middle(p, v); }

[[ferry::kernel]]
void fill(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i + 1 < n; ++i) {
        y[i] = 0.0;
        outer(&y[i], 1.0); // { dg-error "possible data race: this write of 'y'" }
    }
}
