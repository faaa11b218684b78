// The loop variable is declared in the for statement.
#include <cstddef>

[[ferry::kernel]]
void zero(std::size_t n, [[ferry::out(n)]] double *y)
{
    std::size_t i;
    for (i = 0; i < n; ++i) // { dg-error "declare the loop variable in the 'for' statement" }
        y[i] = 0;
}
