// Rule 1: writing a borrowed buffer through reinterpret_cast to another
// element type is still a write.
[[ferry::kernel]]
void bits(int n, [[ferry::borrow(n)]] const double *x)
{
    for (int i = 0; i < n; ++i)
        reinterpret_cast<long *>(const_cast<double *>(x))[i] = 0; // { dg-error "'x' is borrowed read-only, but the kernel writes it" }
}
