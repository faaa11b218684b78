// Only for loops are offloaded.
#include <cstddef>

[[ferry::kernel]]
void zero(std::size_t n, [[ferry::out(n)]] double *y)
{
    std::size_t i = 0; // { dg-error "statement outside the loop" }
    while (i < n) {    // { dg-error "must be a 'for' loop" }
        y[i] = 0;
        ++i;
    }
}
