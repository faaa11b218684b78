// Rule 1: a borrow is read-only, also through a cast.
#include <cstddef>

[[ferry::kernel]]
void bad(std::size_t n, [[ferry::borrow(n)]] const double *x, // { dg-message "'x' is declared 'ferry::borrow'" }
         [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i) {
        y[i] = x[i];
        const_cast<double *>(x)[i] = 0; // { dg-error "'x' is borrowed read-only, but the kernel writes it" }
    }
}
