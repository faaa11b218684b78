// Only for loops are offloaded.
#include <cstddef>

[[ferry::kernel]]
void zero(std::size_t n, [[ferry::out(n)]] double *y)
{
    std::size_t i = 0;
    while (i < n) { // { dg-error "the loops of a kernel must be 'for' loops" }
        y[i] = 0;
        ++i;
    }
}
