// A borrowed buffer handed to a helper that reads it in a way ferry cannot
// follow (through a pointer to the local pointer it sets from it): ferry
// must assume it writes, and the fix is a pointer to const, given at the
// helper's parameter.  interp_local reads through a local pointer alone,
// which ferry sees is only read (helper_only_reads).
#include <cstddef>

double interp(double *grid, int k, double e) // { dg-message "if 'double interp.double., int, double.' only reads through 'grid', make it a pointer to const" }
{
    double *lo = grid + k;
    double **row = &lo;
    return (*row)[0] + e * ((*row)[1] - (*row)[0]);
}

double interp_local(double *grid, int k, double e)
{
    double *lo = grid + k, *hi;
    hi = lo + 1;
    return *lo + e * (*hi - *lo);
}

double interp_const(const double *grid, int k, double e)
{
    const double *lo = grid + k;
    return lo[0] + e * (lo[1] - lo[0]);
}

[[ferry::kernel]]
void lookup(int n, int m, [[ferry::borrow(m)]] double *grid, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = interp(grid, i % (m - 1), 0.5); // { dg-error "'grid' is passed to 'double interp.double., int, double.', which uses the pointer in a way ferry cannot follow" }
}

[[ferry::kernel]]
void lookup_const(int n, int m, [[ferry::borrow(m)]] double *grid, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = interp_const(grid, i % (m - 1), 0.5) +
                 interp_local(grid, i % (m - 1), 0.25);
}

// Writing through the local pointer is no read: the helper may write any
// element of the borrowed buffer.
double clear_row(double *grid, int k)
{
    double *lo = grid + k;
    const double old = *lo;
    *lo = 0;
    return old;
}

[[ferry::kernel]]
void lookup_clears(int n, int m, [[ferry::borrow(m)]] double *grid, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = clear_row(grid, i % m); // { dg-error "'grid' is passed to 'double clear_row.double., int.', which uses the pointer in a way ferry cannot follow" }
}
