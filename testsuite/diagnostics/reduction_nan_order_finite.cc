// With -ffinite-math-only a min reduction may name the accumulator second:
// without NaNs its order does not matter (reduction_nan_order.cc).
// { dg-options "-ffinite-math-only" }
#include <algorithm>

[[ferry::kernel]]
double smallest(int n, [[ferry::borrow(n)]] const double *v)
{
    double s = 1e300;
    for (int i = 0; i < n; ++i)
        s = std::min(v[i], s);
    return s;
}
