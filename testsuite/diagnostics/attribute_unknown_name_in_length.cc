// Lengths are built from parameters and constants.
#include <cstddef>

[[ferry::kernel]]
void zero(std::size_t n, [[ferry::out(n * m)]] double *y) // { dg-error "'m' is not a parameter of 'void zero.*' or an integral constant" }
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = 0;
}
