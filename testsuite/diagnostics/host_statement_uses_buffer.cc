// Statements between the loops run on the host and may not touch buffers.
#include <cstddef>

[[ferry::kernel]]
double normalise(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
    double total = 0;
    for (std::size_t i = 0; i < n; ++i)
        total += y[i];
    y[0] = total; // { dg-error "this statement of kernel .* is outside its loops and uses 'y'" }
    for (std::size_t i = 0; i < n; ++i)
        y[i] /= total;
    return total;
}
