// RAJAPerf's Polybench group (the kernels on ferry's benchmark list):
// JACOBI_1D, JACOBI_2D, HEAT_3D (each one time step: two sweeps), GEMM.
#ifndef FERRY_BENCH_POLYBENCH_HPP
#define FERRY_BENCH_POLYBENCH_HPP

#include "common.hpp"

namespace polybench {

using rajaperf_like::Index;
using rajaperf_like::Real;

[[ferry::kernel]]
void jacobi_1d(Index n, [[ferry::borrow_mut(n)]] Real *A,
               [[ferry::borrow_mut(n)]] Real *B) {
  for (Index i = 1; i < n - 1; ++i)
    B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
  for (Index i = 1; i < n - 1; ++i)
    A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
}

[[ferry::kernel]]
void jacobi_2d(Index n, [[ferry::borrow_mut(n * n)]] Real *A,
               [[ferry::borrow_mut(n * n)]] Real *B) {
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j)
      B[j + i * n] = 0.2 * (A[j + i * n] + A[j - 1 + i * n] + A[j + 1 + i * n] +
                            A[j + (i + 1) * n] + A[j + (i - 1) * n]);
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j)
      A[j + i * n] = 0.2 * (B[j + i * n] + B[j - 1 + i * n] + B[j + 1 + i * n] +
                            B[j + (i + 1) * n] + B[j + (i - 1) * n]);
}

[[ferry::kernel]]
void heat_3d(Index n, [[ferry::borrow_mut(n * n * n)]] Real *A,
             [[ferry::borrow_mut(n * n * n)]] Real *B) {
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j)
      for (Index k = 1; k < n - 1; ++k)
        B[k + n * (j + n * i)] =
            0.125 * (A[k + n * (j + n * (i + 1))] - 2.0 * A[k + n * (j + n * i)] +
                     A[k + n * (j + n * (i - 1))]) +
            0.125 * (A[k + n * (j + 1 + n * i)] - 2.0 * A[k + n * (j + n * i)] +
                     A[k + n * (j - 1 + n * i)]) +
            0.125 * (A[k + 1 + n * (j + n * i)] - 2.0 * A[k + n * (j + n * i)] +
                     A[k - 1 + n * (j + n * i)]) +
            A[k + n * (j + n * i)];
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j)
      for (Index k = 1; k < n - 1; ++k)
        A[k + n * (j + n * i)] =
            0.125 * (B[k + n * (j + n * (i + 1))] - 2.0 * B[k + n * (j + n * i)] +
                     B[k + n * (j + n * (i - 1))]) +
            0.125 * (B[k + n * (j + 1 + n * i)] - 2.0 * B[k + n * (j + n * i)] +
                     B[k + n * (j - 1 + n * i)]) +
            0.125 * (B[k + 1 + n * (j + n * i)] - 2.0 * B[k + n * (j + n * i)] +
                     B[k - 1 + n * (j + n * i)]) +
            B[k + n * (j + n * i)];
}

// As in RAJAPerf, C is scaled by beta and then overwritten by the product.
[[ferry::kernel]]
void gemm(Index ni, Index nj, Index nk, Real alpha, Real beta,
          [[ferry::borrow(ni * nk)]] const Real *A,
          [[ferry::borrow(nk * nj)]] const Real *B,
          [[ferry::borrow_mut(ni * nj)]] Real *C) {
  for (Index i = 0; i < ni; ++i)
    for (Index j = 0; j < nj; ++j) {
      C[j + i * nj] *= beta;
      Real dot = 0.0;
      for (Index k = 0; k < nk; ++k)
        dot += alpha * A[k + i * nk] * B[j + k * nj];
      C[j + i * nj] = dot;
    }
}

} // namespace polybench

#endif
