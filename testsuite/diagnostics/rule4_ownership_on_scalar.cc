// Ownership attributes belong on pointers.
#include <cstddef>

[[ferry::kernel]]
void fill(std::size_t n, [[ferry::borrow(n)]] double v, // { dg-error "'ferry::borrow' applies to pointer parameters, but 'v' has type 'double'" }
          [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = v;
}
