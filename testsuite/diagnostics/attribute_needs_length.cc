// An ownership attribute needs the element count.
#include <cstddef>

[[ferry::kernel]]
void zero(std::size_t n, [[ferry::out]] double *y) // { dg-error "'ferry::out' needs the number of elements of 'y'" }
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = 0;
}
