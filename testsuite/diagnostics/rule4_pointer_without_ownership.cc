// Rule 4: every pointer parameter of a kernel carries an ownership attribute.
#include <cstddef>

[[ferry::kernel]]
void copy(std::size_t n, const double *x, // { dg-error "pointer parameter 'x' of kernel 'void copy.*' has no ownership attribute" }
          [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = x[i];
}
