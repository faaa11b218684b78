// What cannot be made atomic is an error.
#include <cstddef>

struct Pair { double a, b; };

[[ferry::kernel]]
void bad(std::size_t n, [[ferry::borrow(n)]] const int *key,
         [[ferry::shared_mut(n)]] double *h, [[ferry::shared_mut(n)]] Pair *p,
         [[ferry::out(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i) {
        y[i] = h[key[i]];           // { dg-error "this read of 'h' sees other iterations' updates in progress" }
        p[key[i]] = Pair{1.0, 2.0}; // { dg-error "this update of 'p' cannot be made atomic" }
        y[i] = (h[key[i]] += 1.0);  // { dg-error "an update of 'ferry::shared_mut' 'h' must be a statement of its own" }
    }
}
