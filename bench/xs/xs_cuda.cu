// The lookup benchmark (xs.hpp) in hand-written CUDA, as XSBench's CUDA
// version runs it: one lookup per thread, 256 threads per block, the
// tables in device memory.  Same output as xs_ferry.
//   nvcc -O3 -std=c++17 -arch=sm_90 -o xs_cuda xs_cuda.cu
#include "xs.hpp"

#include "../cuda_support.cuh"

#include <chrono>

namespace {

using bench::check;
using bench::upload;

__global__ void lookups(long n, const double *__restrict__ grid,
                        const int *__restrict__ counts,
                        const int *__restrict__ nuclides,
                        const double *__restrict__ concentrations,
                        int *__restrict__ verification) {
  const long i = blockIdx.x * static_cast<long>(blockDim.x) + threadIdx.x;
  if (i < n)
    verification[i] = xs::lookup(i, grid, counts, nuclides, concentrations);
}

} // namespace

int main(int argc, char **argv) {
  const long n = xs::lookups_from(argc, argv);
  const xs::Tables tables = xs::make_tables();
  const double *grid = upload(tables.grid);
  const int *counts = upload(tables.counts);
  const int *nuclides = upload(tables.nuclides);
  const double *concentrations = upload(tables.concentrations);
  int *verification = nullptr;
  check(cudaMalloc(&verification, n * sizeof(int)), "cudaMalloc");
  const unsigned blocks = static_cast<unsigned>((n + 255) / 256);
  lookups<<<blocks, 256>>>(n, grid, counts, nuclides, concentrations,
                           verification);
  check(cudaDeviceSynchronize(), "warm-up");
  const int repetitions = 5;
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repetitions; ++r)
    lookups<<<blocks, 256>>>(n, grid, counts, nuclides, concentrations,
                             verification);
  check(cudaDeviceSynchronize(), "lookups");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::vector<int> host(n);
  check(cudaMemcpy(host.data(), verification, n * sizeof(int),
                   cudaMemcpyDeviceToHost),
        "copy back");
  unsigned long long checksum = 0;
  for (int v : host)
    checksum += static_cast<unsigned long long>(v);
  std::printf("xs,cuda,%ld,%.4f,%llu\n", n,
              n * double(repetitions) / seconds / 1e6, checksum);
}
