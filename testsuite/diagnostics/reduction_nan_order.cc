// A floating-point min or max reduction that takes the other operand when
// its comparison is false (the accumulator second) cannot keep the serial
// build's answer with NaNs in parallel, nor can `s = fmin(s, v)`, which
// takes V when S is a NaN; the error says to write the accumulator first
// in std::min.  With -ffinite-math-only (see
// reduction_nan_order_finite.cc) there are no NaNs and both forms are one.
#include <algorithm>
#include <cmath>

[[ferry::kernel]]
double smallest(int n, [[ferry::borrow(n)]] const double *v)
{
    double s = 1e300;
    for (int i = 0; i < n; ++i)
        s = std::min(v[i], s); // { dg-error "this 'min' reduction into 's' takes the other operand when the comparison is false" }
    return s; // { dg-message "write the accumulator first, 's = std::min\\(s, value\\)'" .-1 }
}

[[ferry::kernel]]
float largest(int n, [[ferry::borrow(n)]] const float *v)
{
    float s = -1e30f;
    for (int i = 0; i < n; ++i)
        s = v[i] < s ? s : v[i]; // { dg-error "this 'max' reduction into 's'" }
    return s;
}

[[ferry::kernel]]
int counted(int n, [[ferry::borrow(n)]] const int *v)
{
    int s = 0;
    for (int i = 0; i < n; ++i)
        s = std::max(v[i], s); // integers have no NaN: accepted
    return s;
}

[[ferry::kernel]]
double step(int n, [[ferry::borrow(n)]] const double *v)
{
    double s = 1e300;
    for (int i = 0; i < n; ++i)
        s = fmin(s, v[i]); // { dg-error "this 'fmin' into 's' takes the other operand when 's' is a NaN" }
    return s; // { dg-message "write the accumulator first, 's = std::min\\(s, value\\)'" .-1 }
}
