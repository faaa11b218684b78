// A reduction accumulator may not be used otherwise inside the loop.
#include <cstddef>

[[ferry::kernel]]
double running(std::size_t n, [[ferry::borrow(n)]] const double *x,
               [[ferry::out(n)]] double *prefix)
{
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sum += x[i];      // { dg-message "the reduction is here" }
        prefix[i] = sum;  // { dg-error "'sum' is a '\\+' reduction in this loop; any other use of it inside the loop sees a partial value" }
    }
    return sum;
}
