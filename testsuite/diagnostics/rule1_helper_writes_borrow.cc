// Rule 1 through a helper: the helper's write counts as the kernel's.
inline void store(double *p, double v) { *p = v; } // { dg-message "the write" }

[[ferry::kernel]]
void fill(int n, [[ferry::borrow(n)]] const double *x)
{
    for (int i = 0; i < n; ++i)
        store(const_cast<double *>(x + i), 1.0); // { dg-error "'x' is borrowed read-only, but 'void store\\(double\\*, double\\)' writes it" }
}
