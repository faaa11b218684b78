// A borrowed buffer handed to a helper that reads it in a way ferry cannot
// follow (here through a local pointer): ferry must assume it writes, and
// the fix is a pointer to const, given at the helper's parameter.
#include <cstddef>

double interp(double *grid, int k, double e) // { dg-message "if 'double interp.double., int, double.' only reads through 'grid', make it a pointer to const" }
{
    double *lo = grid + k;
    return lo[0] + e * (lo[1] - lo[0]);
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
        out[i] = interp_const(grid, i % (m - 1), 0.5);
}
