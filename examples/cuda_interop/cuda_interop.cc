// SPDX-License-Identifier: GPL-3.0-or-later
// ferry kernels and the CUDA runtime on the same buffers, in one process.
//
// ferry shares the GPU's primary CUDA context with libgomp and with cudart
// (and so cuBLAS and friends): a device pointer from ferry::device_pointer
// is valid for cudaMemset, and what the CUDA call wrote reaches the next
// ferry kernel after ferry::device_wrote.  The kernels take the direct
// launch path; all of it is ordered on the legacy default stream.
//
// Build (the project's build does this when it finds the CUDA toolkit):
//   ferry-g++ -O2 -I/usr/local/cuda/include cuda_interop.cc \
//       /usr/local/cuda/lib64/libcudart_static.a -ldl -lrt -lpthread
// On a machine without a GPU it says so and exits 0.
#include <ferry/ferry.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <vector>

[[ferry::kernel]] void ramp(std::size_t n, [[ferry::out(n)]] double *v) {
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<double>(i);
}

[[ferry::kernel]] void add_one(std::size_t n,
                               [[ferry::borrow_mut(n)]] double *v) {
  for (std::size_t i = 0; i < n; ++i)
    v[i] += 1.0;
}

int main() {
  const std::size_t n = std::size_t(1) << 20;
  std::vector<double> v(n);
  const std::string where = ferry::device_name();
  if (where.rfind("gpu", 0) != 0) {
    std::printf("cuda_interop: kernels run on %s, not a GPU; skipped\n",
                where.c_str());
    return 0;
  }

  ramp(n, v.data());
  // The CUDA runtime zeroes the first half of ferry's device copy.
  double *device = ferry::device_pointer(v.data(), n);
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, device) != cudaSuccess ||
      attributes.type != cudaMemoryTypeDevice) {
    std::printf("cuda_interop: cudart does not know ferry's device memory\n");
    return 1;
  }
  if (cudaMemset(device, 0, n / 2 * sizeof(double)) != cudaSuccess) {
    std::printf("cuda_interop: cudaMemset failed: %s\n",
                cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  ferry::device_wrote(v.data(), n);
  add_one(n, v.data());

  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i)
    wrong += v[i] != (i < n / 2 ? 1.0 : static_cast<double>(i) + 1.0);
  std::printf("cuda_interop: %zu of %zu elements wrong on %s\n", wrong, n,
              where.c_str());
  return wrong == 0 ? 0 : 1;
}
