// Rule 5: calls through function pointers are refused, whether the
// pointer is a parameter or a local.
[[ferry::kernel]]
void apply(int n, double (*f)(double), [[ferry::borrow_mut(n)]] double *y) // { dg-error "'f' is a function pointer; a kernel cannot call through it \\(rule 5\\)" }
{
    for (int i = 0; i < n; ++i)
        y[i] = f(y[i]);
}

inline double square(double v) { return v * v; }

[[ferry::kernel]]
void apply_local(int n, [[ferry::borrow_mut(n)]] double *y)
{
    double (*g)(double) = square;
    for (int i = 0; i < n; ++i)
        y[i] = g(y[i]); // { dg-error "calls through a function pointer or a virtual function" }
}
