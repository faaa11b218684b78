// The kernels of the random coherence tests (coherence_random.cc,
// coherence_small_blocks.cc): a launch that updates a span, one that
// writes a span from another, and a reduction over a span.
#ifndef FERRY_TEST_COHERENCE_KERNELS_HPP
#define FERRY_TEST_COHERENCE_KERNELS_HPP

#include <ferry/ferry.hpp>

[[ferry::kernel]]
void scale_add(long n, double a, double b, [[ferry::borrow_mut(n)]] double *x)
{
    for (long i = 0; i < n; ++i)
        x[i] = x[i] * a + b;
}

[[ferry::kernel]]
void combine(long n, double c, [[ferry::borrow(n)]] const double *x,
             [[ferry::out(n)]] double *y)
{
    for (long i = 0; i < n; ++i)
        y[i] = x[i] + c;
}

[[ferry::kernel]]
double total(long n, [[ferry::borrow(n)]] const double *x)
{
    double sum = 0;
    for (long i = 0; i < n; ++i)
        sum += x[i];
    return sum;
}

#endif
