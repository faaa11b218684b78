// Rule 4: exactly one ownership attribute per pointer parameter.
#include <cstddef>

[[ferry::kernel]]
void copy(std::size_t n,
          [[ferry::borrow(n)]] [[ferry::borrow_mut(n)]] double *x, // { dg-error "'x' has two ownership attributes" }
          [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = x[i];
}
