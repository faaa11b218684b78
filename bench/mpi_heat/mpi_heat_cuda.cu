// SPDX-License-Identifier: GPL-3.0-or-later
// examples/mpi_heat written by hand in CUDA + MPI with host staging, the
// reference for ferry's: the same grid, split and steps; each step copies
// the two boundary rows to pinned host buffers, swaps them with
// MPI_Sendrecv, copies the received rows up, and updates the block; every
// EVERY steps a block-level reduction and MPI_Allreduce give the residual.
// It prints the same "mpi_heat: ... ms per step, residual R" line.
//
//   nvcc -O3 -arch=sm_90 -ccbin g++ $(mpicxx --showme:compile) \
//     -o mpi_heat_cuda mpi_heat_cuda.cu $(mpicxx --showme:link)
//   mpirun -np N ./mpi_heat_cuda [ROWS [COLS [STEPS [EVERY]]]]
#include <mpi.h>

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void check(cudaError_t status, const char *what)
{
    if (status != cudaSuccess) {
        std::fprintf(stderr, "mpi_heat_cuda: %s: %s\n", what,
                     cudaGetErrorString(status));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

__global__ void jacobi_step(long rows, long n, const double *u, double *next)
{
    const long j = 1 + blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
    const long i = 1 + blockIdx.y * static_cast<long>(blockDim.y) + threadIdx.y;
    if (i > rows || j >= n - 1)
        return;
    next[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                              u[i * n + j - 1] + u[i * n + j + 1]);
}

constexpr int kReduceThreads = 256;

// Block sums of the squared change, one atomic per block.
__global__ void squared_change(long rows, long n, const double *u,
                               const double *next, double *sum)
{
    __shared__ double partial[kReduceThreads];
    double mine = 0.0;
    const long points = rows * (n - 2);
    for (long k = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
         k < points; k += static_cast<long>(gridDim.x) * blockDim.x) {
        const long i = 1 + k / (n - 2), j = 1 + k % (n - 2);
        const double change = next[i * n + j] - u[i * n + j];
        mine += change * change;
    }
    partial[threadIdx.x] = mine;
    __syncthreads();
    for (int half = blockDim.x / 2; half > 0; half /= 2) {
        if (threadIdx.x < half)
            partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        atomicAdd(sum, partial[0]);
}

double boundary_value(long row, long col, long rows)
{
    if (row == 0)
        return 1.0;
    if (col == 0 && row + 1 < rows)
        return 0.5;
    return 0.0;
}

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
                        MPI_INFO_NULL, &node);
    int local_rank = 0, devices = 1;
    MPI_Comm_rank(node, &local_rank);
    check(cudaGetDeviceCount(&devices), "cudaGetDeviceCount");
    check(cudaSetDevice(local_rank % devices), "cudaSetDevice");

    const long total_rows = argc > 1 ? std::atol(argv[1]) : 258;
    const long n = argc > 2 ? std::atol(argv[2]) : 258;
    const int steps = argc > 3 ? std::atoi(argv[3]) : 40;
    const int every = argc > 4 ? std::atoi(argv[4]) : 10;
    const long interior = total_rows - 2, base = interior / ranks,
               extra = interior % ranks;
    const long first = 1 + rank * base + std::min<long>(rank, extra);
    const long rows = base + (rank < extra);
    const int up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    const int down = rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL;

    const size_t bytes = (rows + 2) * n * sizeof(double), row = n * sizeof(double);
    std::vector<double> initial((rows + 2) * n);
    for (long i = 0; i < rows + 2; ++i)
        for (long j = 0; j < n; ++j)
            initial[i * n + j] = boundary_value(first - 1 + i, j, total_rows);
    double *u, *next, *sum, *halo;
    check(cudaMalloc(&u, bytes), "cudaMalloc");
    check(cudaMalloc(&next, bytes), "cudaMalloc");
    check(cudaMalloc(&sum, sizeof(double)), "cudaMalloc");
    check(cudaMallocHost(&halo, 4 * row), "cudaMallocHost");
    check(cudaMemcpy(u, initial.data(), bytes, cudaMemcpyHostToDevice), "up");
    check(cudaMemcpy(next, initial.data(), bytes, cudaMemcpyHostToDevice), "up");
    double *send_up = halo, *send_down = halo + n, *from_down = halo + 2 * n,
           *from_up = halo + 3 * n;

    const dim3 block(32, 8);
    const dim3 grid((n - 2 + block.x - 1) / block.x,
                    (rows + block.y - 1) / block.y);
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "sms");
    double residual = 0.0;
    check(cudaDeviceSynchronize(), "start");
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    for (int step = 1; step <= steps; ++step) {
        if (up != MPI_PROC_NULL)
            check(cudaMemcpy(send_up, u + n, row, cudaMemcpyDeviceToHost), "down");
        if (down != MPI_PROC_NULL)
            check(cudaMemcpy(send_down, u + rows * n, row,
                             cudaMemcpyDeviceToHost), "down");
        MPI_Sendrecv(send_up, n, MPI_DOUBLE, up, 0, from_down, n, MPI_DOUBLE,
                     down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(send_down, n, MPI_DOUBLE, down, 1, from_up, n, MPI_DOUBLE,
                     up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (down != MPI_PROC_NULL)
            check(cudaMemcpy(u + (rows + 1) * n, from_down, row,
                             cudaMemcpyHostToDevice), "up");
        if (up != MPI_PROC_NULL)
            check(cudaMemcpy(u, from_up, row, cudaMemcpyHostToDevice), "up");
        jacobi_step<<<grid, block>>>(rows, n, u, next);
        if (step % every == 0) {
            double local = 0.0, total = 0.0;
            check(cudaMemsetAsync(sum, 0, sizeof(double)), "memset");
            squared_change<<<4 * sms, kReduceThreads>>>(rows, n, u, next, sum);
            check(cudaMemcpy(&local, sum, sizeof(double), cudaMemcpyDeviceToHost),
                  "down");
            MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            residual = std::sqrt(total);
        }
        std::swap(u, next);
    }
    check(cudaDeviceSynchronize(), "finish");
    MPI_Barrier(MPI_COMM_WORLD);
    const double seconds = MPI_Wtime() - start;
    if (rank == 0)
        std::printf("mpi_heat_cuda: %ld x %ld grid, %d ranks, %d steps: %.3f ms "
                    "per step, residual %.6e\n",
                    total_rows, n, ranks, steps, 1e3 * seconds / steps, residual);
    cudaFree(u);
    cudaFree(next);
    cudaFree(sum);
    cudaFreeHost(halo);
    MPI_Comm_free(&node);
    MPI_Finalize();
    return 0;
}
