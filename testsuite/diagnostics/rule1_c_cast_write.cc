// Rule 1: a C cast that drops const is caught as well.
[[ferry::kernel]]
void clear(int n, [[ferry::borrow(n)]] const float *x)
{
    for (int i = 0; i < n; ++i)
        ((float *)x)[i] = 0; // { dg-error "'x' is borrowed read-only, but the kernel writes it" }
}
