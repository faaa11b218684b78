// Rule 2: y[idx[i]] may hit one element from several iterations.
#include <cstddef>

[[ferry::kernel]]
void scatter(std::size_t n, [[ferry::borrow(n)]] const int *idx,
             [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[idx[i]] = 1.0; // { dg-error "possible data race: this write of 'y'" }
}
