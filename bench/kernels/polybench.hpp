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
  FERRY_BENCH_OMP(is_device_ptr(A, B))
  for (Index i = 1; i < n - 1; ++i) {
    JACOBI_1D_BODY(A, B)
  }
  FERRY_BENCH_OMP(is_device_ptr(A, B))
  for (Index i = 1; i < n - 1; ++i) {
    JACOBI_1D_BODY(B, A)
  }
}

[[ferry::kernel]]
void jacobi_2d(Index n, [[ferry::borrow_mut(n * n)]] Real *A,
               [[ferry::borrow_mut(n * n)]] Real *B) {
  FERRY_BENCH_OMP(collapse(2) is_device_ptr(A, B))
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j) {
      JACOBI_2D_BODY(A, B)
    }
  FERRY_BENCH_OMP(collapse(2) is_device_ptr(A, B))
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j) {
      JACOBI_2D_BODY(B, A)
    }
}

[[ferry::kernel]]
void heat_3d(Index n, [[ferry::borrow_mut(n * n * n)]] Real *A,
             [[ferry::borrow_mut(n * n * n)]] Real *B) {
  FERRY_BENCH_OMP(collapse(3) is_device_ptr(A, B))
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j)
      for (Index k = 1; k < n - 1; ++k) {
        HEAT_3D_BODY(A, B)
      }
  FERRY_BENCH_OMP(collapse(3) is_device_ptr(A, B))
  for (Index i = 1; i < n - 1; ++i)
    for (Index j = 1; j < n - 1; ++j)
      for (Index k = 1; k < n - 1; ++k) {
        HEAT_3D_BODY(B, A)
      }
}

[[ferry::kernel]]
void gemm(Index ni, Index nj, Index nk, Real alpha, Real beta,
          [[ferry::borrow(ni * nk)]] const Real *A,
          [[ferry::borrow(nk * nj)]] const Real *B,
          [[ferry::borrow_mut(ni * nj)]] Real *C) {
  FERRY_BENCH_OMP(collapse(2) is_device_ptr(A, B, C))
  for (Index i = 0; i < ni; ++i)
    for (Index j = 0; j < nj; ++j) {
      GEMM_BODY
    }
}

} // namespace polybench

#endif
