// A kernel's loops are plain loops: ferry writes their OpenMP constructs.
#include <cstddef>

[[ferry::kernel]]
void scale(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
#pragma omp parallel for // { dg-error "an OpenMP construct in kernel 'void scale" }
    for (std::size_t i = 0; i < n; ++i)
        y[i] *= 2;
}
