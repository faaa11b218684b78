// Rule 2: y[i+1] is written by iteration i and accessed by iteration i+1.
#include <cstddef>

[[ferry::kernel]]
void shift(std::size_t n, [[ferry::borrow_mut(n)]] double *y) // { dg-message "'y' is declared 'ferry::borrow_mut'" }
{
    for (std::size_t i = 0; i + 1 < n; ++i)
        y[i + 1] = y[i] * 0.5; // { dg-error "possible data race: this (write|read) of 'y'" }
}
