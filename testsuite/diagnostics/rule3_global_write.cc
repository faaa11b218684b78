// Rule 3: no writes to memory that is not a parameter.
#include <cstddef>

double total; // { dg-message "pass the data as a pointer parameter" }

[[ferry::kernel]]
void sum(std::size_t n, [[ferry::borrow(n)]] const double *x)
{
    for (std::size_t i = 0; i < n; ++i)
        total += x[i]; // { dg-error "writes 'total', which is not one of its parameters" }
}
