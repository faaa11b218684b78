// After a loop interchange the outer variable does not move the write:
// the nest is collapsed, so every (j, i) pair is an iteration and the m
// pairs with the same i race on y[i].  The error says the nest runs as one
// parallel loop over both variables.
#include <cstddef>

[[ferry::kernel]]
void column_sums(std::size_t n, std::size_t m,
                 [[ferry::borrow(n * m)]] const double *a,
                 [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t j = 0; j < m; ++j) // { dg-message "ferry runs this nest as one parallel loop over 'j' and 'i' together" }
        for (std::size_t i = 0; i < n; ++i)
            y[i] = a[j * n + i]; // { dg-error "possible data race: this write of 'y'" }
}
