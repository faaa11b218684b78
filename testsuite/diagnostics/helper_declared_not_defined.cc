// XSBench's shape: a helper declared (in a header) with a non-const
// pointer, and defined with a pointer to const, which makes the definition
// another overload; the kernel's call binds to the declaration, which has
// no body.  The error says so, at the declaration, instead of "uses the
// pointer in a way ferry cannot follow".
double lookup(double *grid, int n, double e); // { dg-message "the call binds to this declaration; if the definition has other parameter types \\(a pointer to const, say\\), make the declaration the same" }

double lookup(const double *grid, int n, double e)
{
    double s = 0;
    for (int i = 0; i < 4; ++i)
        s += grid[i] * e;
    return s + n;
}

[[ferry::kernel]]
void k(int n, [[ferry::borrow_mut(n + 4)]] double *grid, [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = lookup(&grid[i], n, 1.0); // { dg-error "'grid' is passed to 'double lookup\\(double\\*, int, double\\)', which is declared but not defined in this translation unit, so ferry cannot see what it does with it" }
}
