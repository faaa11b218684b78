// The ferry kernels of the residency benchmark: a three-point smoothing
// step (a stencil read from one array, written to another) and an
// in-place relaxation.  Without the plugin they are the serial reference.
#ifndef FERRY_BENCH_RESIDENCY_FERRY_KERNELS_HPP
#define FERRY_BENCH_RESIDENCY_FERRY_KERNELS_HPP

#include <ferry/ferry.hpp>

[[ferry::kernel]]
inline void smooth(long n, [[ferry::borrow(n)]] const double *in,
                   [[ferry::out(n)]] double *out)
{
    for (long i = 0; i < n; ++i)
        out[i] = i > 0 && i < n - 1 ? (in[i - 1] + in[i] + in[i + 1]) / 3.0
                                    : in[i];
}

[[ferry::kernel]]
inline void relax(long n, [[ferry::borrow_mut(n)]] double *u)
{
    for (long i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 1.0;
}

// Starts the device and loads the kernels before the timer starts.
inline void warm_up()
{
    double in[16] = {}, out[16];
    smooth(16, in, out);
    relax(16, out);
}

#endif
