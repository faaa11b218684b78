// Found by the differential fuzzer (seed 2033, case 7419): every iteration
// stored an iteration-dependent value into the same shared_mut element.
// The stores are atomic, so the device run kept some iteration's value and
// the serial build the last one.  Such stores are refused; stores that all
// iterations make with one value, stores that move with the loop, and
// stores through an index list are not.
#include <cstddef>

inline double helper(double v) { return v * 0.5 + 1.0; }

[[ferry::kernel]]
void k7419(int n, [[ferry::borrow(n)]] const double *w,
           [[ferry::shared_mut(4)]] double *x)
{
    for (int i = 0; i < n; ++i)
        x[0] = helper(w[i]); // { dg-error "every iteration stores to the same element of 'x', and the value may differ between iterations" }
    // { dg-message "ends with the value of some iteration" .-1 }
}

[[ferry::kernel]]
void inner_loop(int n, [[ferry::borrow(n)]] const int *w,
                [[ferry::shared_mut(4)]] int *x)
{
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < 4; ++k)
            x[k] = w[i] + k; // { dg-error "every iteration stores to the same element of 'x'" }
}

// A perfect nest is one iteration space: x[i] is stored by every j.
[[ferry::kernel]]
void collapsed(int n, int m, [[ferry::borrow(n * m)]] const int *w,
               [[ferry::shared_mut(n)]] int *x)
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j)
            x[i] = w[i * m + j]; // { dg-error "every iteration stores to the same element of 'x'" }
}

[[ferry::kernel]]
void accepted(std::size_t n, [[ferry::borrow(n)]] const int *key,
              [[ferry::borrow(n)]] const double *w,
              [[ferry::shared_mut(8)]] int *seen,
              [[ferry::shared_mut(n)]] double *moved,
              [[ferry::shared_mut(n)]] double *scattered, int flag)
{
    for (std::size_t i = 0; i < n; ++i) {
        if (w[i] > 0)
            seen[0] = 1;
        seen[1] = flag;
        moved[n - 1 - i] = w[i];
        scattered[key[i]] = w[i];
    }
}
