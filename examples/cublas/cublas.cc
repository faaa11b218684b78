// SPDX-License-Identifier: GPL-3.0-or-later
// cuBLAS on ferry's resident buffers, mixed with ferry kernels.
//
// ferry kernels fill the matrices and vectors; cuBLAS multiplies A by B
// (DGEMM) and updates y (DAXPY) in the same device copies, reached with
// ferry::device_pointer; ferry::device_wrote tells ferry what cuBLAS
// changed, so the next kernel and the host see it.  Nothing is copied
// between the calls: every step works on the GPU's copy, and the host reads
// C and y once at the end, checked against the same computation on the
// host.  Prints "cublas: OK", or what differs and exits 1.
//
// ferry, libgomp and cuBLAS share the GPU's primary CUDA context and the
// legacy default stream, so the calls are ordered without waits.  cuBLAS
// is column-major: a row-major m x k matrix is its k x m transpose, so
// C = A B (row-major) is C^T = B^T A^T, one DGEMM without transposes.
//
// With ROCm, the same works with hipBLAS or rocBLAS (hipblasDgemm,
// rocblas_dgemm) on ferry::device_pointer once ferry has an AMD direct
// launcher; today AMD kernels run through libgomp's HSA context, which
// HIP shares (doc/user-guide.md, "Vendor libraries").
//
// Build (the project's build does this when it finds the CUDA toolkit):
//   ferry-g++ -O2 -I/usr/local/cuda/include cublas.cc \
//       -L/usr/local/cuda/lib64 -Wl,-rpath,/usr/local/cuda/lib64 -lcublas
// On a machine without a GPU it says so and exits 0.
#include <ferry/ferry.hpp>

#include <cublas_v2.h>

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

// A deterministic pattern in [-0.5, 0.5).
[[ferry::kernel]] void fill(std::size_t n, [[ferry::out(n)]] double *v,
                            std::size_t seed) {
  for (std::size_t i = 0; i < n; ++i)
    v[i] = static_cast<double>((i * 7919 + seed * 104729) % 1000) / 1000.0 -
           0.5;
}

[[ferry::kernel]] void scale_shift(std::size_t n,
                                   [[ferry::borrow_mut(n)]] double *v,
                                   double scale, double shift) {
  for (std::size_t i = 0; i < n; ++i)
    v[i] = scale * v[i] + shift;
}

[[ferry::kernel]] double sum(std::size_t n,
                             [[ferry::borrow(n)]] const double *v) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i)
    total += v[i];
  return total;
}

namespace {

bool succeeded(cublasStatus_t status, const char *what) {
  if (status == CUBLAS_STATUS_SUCCESS)
    return true;
  std::printf("cublas: %s failed with status %d\n", what,
              static_cast<int>(status));
  return false;
}

// The host's version of every step, in the same order.
struct HostResult {
  std::vector<double> c, y;
};

HostResult on_host(std::size_t m, std::size_t n, std::size_t k,
                   double alpha) {
  auto pattern = [](std::size_t count, std::size_t seed) {
    std::vector<double> v(count);
    for (std::size_t i = 0; i < count; ++i)
      v[i] = static_cast<double>((i * 7919 + seed * 104729) % 1000) / 1000.0 -
             0.5;
    return v;
  };
  const std::vector<double> a = pattern(m * k, 1), b = pattern(k * n, 2);
  const std::vector<double> x = pattern(n, 3);
  HostResult result{std::vector<double>(m * n, 0.0), pattern(n, 4)};
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t p = 0; p < k; ++p)
      for (std::size_t j = 0; j < n; ++j)
        result.c[i * n + j] += a[i * k + p] * b[p * n + j];
  for (double &value : result.c)
    value = 2.0 * value + 1.0;
  for (std::size_t j = 0; j < n; ++j)
    result.y[j] += alpha * x[j];
  return result;
}

double largest_difference(const std::vector<double> &a,
                          const std::vector<double> &b) {
  double largest = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    largest = std::fmax(largest, std::fabs(a[i] - b[i]));
  return largest;
}

} // namespace

int main() {
  const std::string where = ferry::device_name();
  if (where.rfind("gpu", 0) != 0) {
    std::printf("cublas: kernels run on %s, not a GPU; skipped\n",
                where.c_str());
    return 0;
  }
  const std::size_t m = 384, n = 512, k = 256;
  const double alpha = 0.75;
  std::vector<double> a(m * k), b(k * n), c(m * n), x(n), y(n);
  fill(a.size(), a.data(), 1);
  fill(b.size(), b.data(), 2);
  fill(x.size(), x.data(), 3);
  fill(y.size(), y.data(), 4);

  cublasHandle_t handle = nullptr;
  if (!succeeded(cublasCreate(&handle), "cublasCreate"))
    return 1;
  const double one = 1.0, zero = 0.0;
  // C (row-major m x n) = A (m x k) B (k x n), as C^T = B^T A^T.
  bool ok = succeeded(
      cublasDgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, static_cast<int>(n),
                  static_cast<int>(m), static_cast<int>(k), &one,
                  ferry::device_pointer(b.data(), b.size()),
                  static_cast<int>(n),
                  ferry::device_pointer(a.data(), a.size()),
                  static_cast<int>(k), &zero,
                  ferry::device_pointer(c.data(), c.size()),
                  static_cast<int>(n)),
      "cublasDgemm");
  ferry::device_wrote(c.data(), c.size());
  scale_shift(c.size(), c.data(), 2.0, 1.0); // a ferry kernel on cuBLAS's C
  ok = ok && succeeded(cublasDaxpy(handle, static_cast<int>(n), &alpha,
                                   ferry::device_pointer(x.data(), x.size()),
                                   1, ferry::device_pointer(y.data(), y.size()),
                                   1),
                       "cublasDaxpy");
  ferry::device_wrote(y.data(), y.size());
  const double device_total = sum(c.size(), c.data()) + sum(y.size(), y.data());
  cublasDestroy(handle);

  const HostResult host = on_host(m, n, k, alpha);
  double host_total = 0;
  for (double value : host.c)
    host_total += value;
  for (double value : host.y)
    host_total += value;
  const double c_error = largest_difference(c, host.c);
  const double y_error = largest_difference(y, host.y);
  const double total_error = std::fabs(device_total - host_total);
  std::printf("cublas: DGEMM %zux%zux%zu and DAXPY %zu on %s; largest "
              "difference from the host: C %.3g, y %.3g, sum %.3g\n",
              m, n, k, n, where.c_str(), c_error, y_error, total_error);
  ok = ok && c_error <= 1e-9 && y_error <= 1e-12 &&
       total_error <= 1e-9 * std::fabs(host_total) + 1e-9;
  std::printf("cublas: %s\n", ok ? "OK" : "FAILED");
  return ok ? 0 : 1;
}
