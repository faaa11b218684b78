// 2-D Jacobi written by hand in CUDA.
//   nvcc -O3 -arch=sm_90 -o jacobi_cuda jacobi_cuda.cu
#include "jacobi.hpp"

#include <cuda_runtime.h>

__global__ void step(long n, const double *in, double *out)
{
    const long j = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    const long i = blockIdx.y * static_cast<long>(blockDim.y) + threadIdx.y;
    if (i >= n || j >= n)
        return;
    out[i * n + j] = i == 0 || j == 0 || i == n - 1 || j == n - 1
                         ? in[i * n + j]
                         : 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                                   in[i * n + j - 1] + in[i * n + j + 1]);
}

static void check(cudaError_t status, const char *what)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
        std::exit(EXIT_FAILURE);
    }
}

int main()
{
    const long n = jacobi::grid_edge();
    const dim3 block(32, 8);
    const dim3 grid((n + block.x - 1) / block.x, (n + block.y - 1) / block.y);
    check(cudaFree(nullptr), "start");
    step<<<1, block>>>(0, nullptr, nullptr); // loads the module; no-op
    const size_t bytes = n * n * sizeof(double);
    double *a = static_cast<double *>(std::malloc(bytes));
    jacobi::initialise(a, n);
    jacobi::Timer timer;
    double *da, *db;
    check(cudaMalloc(&da, bytes), "cudaMalloc");
    check(cudaMalloc(&db, bytes), "cudaMalloc");
    check(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice), "to device");
    for (int s = 0; s < jacobi::kSteps; s += 2) {
        step<<<grid, block>>>(n, da, db);
        step<<<grid, block>>>(n, db, da);
    }
    check(cudaMemcpy(a, da, bytes, cudaMemcpyDeviceToHost), "to host");
    const double sum = jacobi::checksum(a, n);
    const double seconds = timer.seconds();
    jacobi::report("cuda", n, seconds, sum);
    cudaFree(da);
    cudaFree(db);
    std::free(a);
}
