// return inside the loop is an error; continue is fine.
#include <cstddef>

[[ferry::kernel]]
void clip(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i) {
        if (y[i] > 0)
            continue;
        if (y[i] < -1)
            return; // { dg-error "'return' inside the parallel loop" }
        y[i] = 0;
    }
}
