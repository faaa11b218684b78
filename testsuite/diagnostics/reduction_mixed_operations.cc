// One accumulator, one operation.
#include <cstddef>

[[ferry::kernel]]
double mixed(std::size_t n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) {
        s += x[i];
        s *= 2; // { dg-error "'s' is combined with both '\\+' and '\\*' in one loop" }
    }
    return s;
}
