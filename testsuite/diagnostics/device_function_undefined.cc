// Rule 5: the device needs the body of every function a kernel calls, so
// it must be defined in the translation unit (before or after the kernel).
#include <cstddef>

double transform(double v); // { dg-message "define 'double transform.double.' in this file or in a header it includes" }

[[ferry::kernel]]
void apply(std::size_t n, [[ferry::borrow_mut(n)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        y[i] = transform(y[i]); // { dg-error "kernel 'apply' calls 'double transform.double.', which is not defined in this translation unit" }
}
