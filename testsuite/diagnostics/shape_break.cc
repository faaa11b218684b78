// Leaving the parallel loop early is not offloadable; inner loops may break.
#include <cstddef>

[[ferry::kernel]]
void find(std::size_t n, [[ferry::borrow(n)]] const double *x,
          [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i) {
        for (int k = 0; k < 4; ++k)
            if (k == 2)
                break;
        if (x[i] < 0)
            break; // { dg-error "'break' leaves the parallel loop" }
        y[i] = x[i];
    }
}
