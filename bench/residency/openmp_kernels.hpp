// The residency benchmark's kernels written by hand with OpenMP target
// regions.  They map nothing themselves: each program keeps its arrays in
// a target data region and moves exactly what its host code needs with
// target update, as an expert would.
#ifndef FERRY_BENCH_RESIDENCY_OPENMP_KERNELS_HPP
#define FERRY_BENCH_RESIDENCY_OPENMP_KERNELS_HPP

inline void smooth(long n, const double *in, double *out)
{
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
        out[i] = i > 0 && i < n - 1 ? (in[i - 1] + in[i] + in[i + 1]) / 3.0
                                    : in[i];
}

inline void relax(long n, double *u)
{
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 1.0;
}

// Starts the device and loads the kernels before the timer starts.
inline void warm_up()
{
    double in[16] = {}, out[16];
#pragma omp target data map(to : in) map(from : out)
    {
        smooth(16, in, out);
        relax(16, out);
    }
}

#endif
