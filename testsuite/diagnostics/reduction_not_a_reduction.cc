// Writing a kernel local in other ways is a race, with a hint.
#include <cstddef>

[[ferry::kernel]]
double last(std::size_t n, [[ferry::borrow(n)]] const double *x)
{
    double v = 0; // { dg-message "to combine values across iterations" }
    for (std::size_t i = 0; i < n; ++i)
        v = x[i]; // { dg-error "'v' is shared by all iterations; writing it from the parallel loop is a data race" }
    return v;
}
