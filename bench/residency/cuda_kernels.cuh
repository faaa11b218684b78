// The residency benchmark's kernels written by hand in CUDA, and what the
// CUDA versions share: the error check, launches of 256-thread blocks, and
// device arrays.  Each program moves exactly what its host code needs.
#ifndef FERRY_BENCH_RESIDENCY_CUDA_KERNELS_CUH
#define FERRY_BENCH_RESIDENCY_CUDA_KERNELS_CUH

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

inline void check(cudaError_t status, const char *what)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
        std::exit(EXIT_FAILURE);
    }
}

__global__ void smooth_kernel(long n, const double *in, double *out)
{
    const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    if (i < n)
        out[i] = i > 0 && i < n - 1 ? (in[i - 1] + in[i] + in[i + 1]) / 3.0
                                    : in[i];
}

__global__ void relax_kernel(long n, double *u)
{
    const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    if (i < n)
        u[i] = 0.5 * u[i] + 1.0;
}

inline unsigned blocks(long n) { return static_cast<unsigned>((n + 255) / 256); }

inline void smooth(long n, const double *in, double *out)
{
    smooth_kernel<<<blocks(n), 256>>>(n, in, out);
}

inline void relax(long n, double *u) { relax_kernel<<<blocks(n), 256>>>(n, u); }

inline double *device_array(long n)
{
    double *d = nullptr;
    check(cudaMalloc(&d, n * sizeof(double)), "cudaMalloc");
    return d;
}

inline void to_device(double *d, const double *h, long n)
{
    check(cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice),
          "cudaMemcpy to the device");
}

inline void to_host(double *h, const double *d, long n)
{
    check(cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost),
          "cudaMemcpy to the host");
}

// Starts the device and loads the kernels before the timer starts.
inline void warm_up()
{
    check(cudaFree(nullptr), "start");
    smooth_kernel<<<1, 32>>>(0, nullptr, nullptr);
    relax_kernel<<<1, 32>>>(0, nullptr);
    check(cudaDeviceSynchronize(), "warm up");
}

#endif
