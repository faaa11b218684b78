// Every reduction form of the design becomes a reduction clause (the
// floating-point min and max forms with the accumulator first: see
// reduction_nan_order.cc).
// { dg-options "-fplugin-arg-ferry-explain" }
#include <algorithm>
#include <cstddef>

[[ferry::kernel]]
double stats(std::size_t n, [[ferry::borrow(n)]] const double *x,
             [[ferry::borrow(n)]] const int *b)
{
    double sum = 0, prod = 1, lo = 1e300, hi = -1e300, lo2 = 1e300, hi2 = -1e300;
    int all = -1, any = 0, parity = 0;
    long count = 0;
    for (std::size_t i = 0; i < n; ++i) { // { dg-message "offloaded as .* reduction\\(\\+: sum\\) reduction\\(\\*: prod\\) reduction\\(min: lo\\) reduction\\(max: hi\\) reduction\\(min: lo2\\) reduction\\(max: hi2\\) reduction\\(&: all\\) reduction\\(\\|: any\\) reduction\\(\\^: parity\\) reduction\\(\\+: count\\)" }
        sum += x[i];
        prod *= 1.0 + x[i] * 1e-9;
        lo = std::min(lo, x[i]);
        hi = std::max(hi, x[i]);
        lo2 = x[i] < lo2 ? x[i] : lo2;
        hi2 = x[i] > hi2 ? x[i] : hi2;
        all &= b[i];
        any |= b[i];
        parity ^= b[i];
        ++count;
    }
    return sum + prod + lo + hi + lo2 + hi2 + all + any + parity + count;
}
// { dg-final { scan-tree-dump-times "reduction\\(\\+:sum\\)" 3 "original" } }
// { dg-final { scan-tree-dump "map\\(tofrom:sum\\)" "original" } }
