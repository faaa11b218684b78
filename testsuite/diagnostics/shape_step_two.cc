// Loops count up by one.
#include <cstddef>

[[ferry::kernel]]
void even(std::size_t n, [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; i += 2) // { dg-error "must count up by one" }
        y[i] = 0;
}
