// Rule 1: a non-const reference to a borrowed element is refused.
[[ferry::kernel]]
void bump(int n, [[ferry::borrow(n)]] const double *x)
{
    for (int i = 0; i < n; ++i) {
        double &r = const_cast<double &>(x[i]); // { dg-error "a non-const reference to 'x'" }
        r += 1; // { dg-error "'x' is borrowed read-only" }
    }
}
