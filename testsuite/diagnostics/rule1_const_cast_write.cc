// Rule 1: casting const away does not make a borrowed buffer writable.
[[ferry::kernel]]
void scale(int n, [[ferry::borrow(n)]] const double *x) // { dg-message "'x' is declared 'ferry::borrow'" }
{
    for (int i = 0; i < n; ++i)
        const_cast<double *>(x)[i] *= 2; // { dg-error "'x' is borrowed read-only, but the kernel writes it" }
}
