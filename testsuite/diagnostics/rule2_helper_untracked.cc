// Helpers: one indexes its pointer with a value ferry cannot follow, so
// the write may hit any element; another keeps the pointer, so what
// happens to it later cannot be followed at all.
double *kept;

inline void put(double *p, int k, double v) { p[k] = v; } // { dg-message "'void put\\(double\\*, int, double\\)' makes the write here" }
inline void keep(double *p) { kept = p; } // { dg-message "here, in 'void keep\\(double\\*\\)'" }

[[ferry::kernel]]
void scatter(int n, [[ferry::borrow(n)]] const int *to,
             [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        put(y, to[i], 1.0); // { dg-error "possible data race: this write of 'y'" }
}

[[ferry::kernel]]
void remember(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        keep(y + i); // { dg-error "'y' is passed to 'void keep\\(double\\*\\)', which uses the pointer in a way ferry cannot follow" }
}
