// Rule 5: no calls through function pointers, whether passed in or local.
#include <cstddef>

double twice(double v) { return 2 * v; }

[[ferry::kernel]]
void apply(std::size_t n, double (*f)(double), // { dg-error "'f' is a function pointer; a kernel cannot call through it" }
           [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = f(y[i]);
}

[[ferry::kernel]]
void apply_local(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i) {
        double (*g)(double) = twice;
        y[i] = g(y[i]); // { dg-error "calls through a function pointer" }
    }
}
