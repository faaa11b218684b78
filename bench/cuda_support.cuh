// What the single-kernel CUDA twins (bench/xs, bench/dock) share: stopping
// with the runtime's message when a call fails, and copying a host vector
// into new device memory.
#ifndef FERRY_BENCH_CUDA_SUPPORT_CUH
#define FERRY_BENCH_CUDA_SUPPORT_CUH

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {

inline void check(cudaError_t status, const char *what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(status));
    std::exit(EXIT_FAILURE);
  }
}

template <class T> T *upload(const std::vector<T> &v) {
  T *device = nullptr;
  check(cudaMalloc(&device, v.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(device, v.data(), v.size() * sizeof(T),
                   cudaMemcpyHostToDevice),
        "upload");
  return device;
}

} // namespace bench

#endif
