// Loops are statements of the kernel body itself.
#include <cstddef>

[[ferry::kernel]]
void maybe(std::size_t n, int flag, [[ferry::out(n)]] double *y)
{
    if (flag) // { dg-error "a loop inside another statement of kernel" }
        for (std::size_t i = 0; i < n; ++i)
            y[i] = 1;
}
