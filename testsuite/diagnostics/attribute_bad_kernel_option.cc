// The kernel attribute's options are checked.
#include <cstddef>

[[ferry::kernel(blocks(4))]] // { dg-error "unknown kernel option 'blocks'" }
void zero(std::size_t n, [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = 0;
}
