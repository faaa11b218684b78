// RAJAPerf's Basic group (the kernels on ferry's benchmark list):
// DAXPY, MULADDSUB, INIT3, IF_QUAD, NESTED_INIT, PI_REDUCE, REDUCE3_INT.
#ifndef FERRY_BENCH_BASIC_HPP
#define FERRY_BENCH_BASIC_HPP

#include "common.hpp"

#include <algorithm>
#include <cmath>

namespace basic {

using rajaperf_like::Index;
using rajaperf_like::Real;

[[ferry::kernel]]
void daxpy(Index n, Real a, [[ferry::borrow(n)]] const Real *x,
           [[ferry::borrow_mut(n)]] Real *y) {
  FERRY_BENCH_OMP(is_device_ptr(x, y))
  for (Index i = 0; i < n; ++i) {
    DAXPY_BODY
  }
}

[[ferry::kernel]]
void muladdsub(Index n, [[ferry::out(n)]] Real *out1,
               [[ferry::out(n)]] Real *out2, [[ferry::out(n)]] Real *out3,
               [[ferry::borrow(n)]] const Real *in1,
               [[ferry::borrow(n)]] const Real *in2) {
  FERRY_BENCH_OMP(is_device_ptr(out1, out2, out3, in1, in2))
  for (Index i = 0; i < n; ++i) {
    MULADDSUB_BODY
  }
}

[[ferry::kernel]]
void init3(Index n, [[ferry::out(n)]] Real *out1, [[ferry::out(n)]] Real *out2,
           [[ferry::out(n)]] Real *out3, [[ferry::borrow(n)]] const Real *in1,
           [[ferry::borrow(n)]] const Real *in2) {
  FERRY_BENCH_OMP(is_device_ptr(out1, out2, out3, in1, in2))
  for (Index i = 0; i < n; ++i) {
    INIT3_BODY
  }
}

[[ferry::kernel]]
void if_quad(Index n, [[ferry::borrow(n)]] const Real *a,
             [[ferry::borrow(n)]] const Real *b,
             [[ferry::borrow(n)]] const Real *c, [[ferry::out(n)]] Real *x1,
             [[ferry::out(n)]] Real *x2) {
  FERRY_BENCH_OMP(is_device_ptr(a, b, c, x1, x2))
  for (Index i = 0; i < n; ++i) {
    IF_QUAD_BODY
  }
}

[[ferry::kernel]]
void nested_init(Index ni, Index nj, Index nk,
                 [[ferry::out(ni * nj * nk)]] Real *array) {
  FERRY_BENCH_OMP(collapse(3) is_device_ptr(array))
  for (Index k = 0; k < nk; ++k)
    for (Index j = 0; j < nj; ++j)
      for (Index i = 0; i < ni; ++i) {
        NESTED_INIT_BODY
      }
}

[[ferry::kernel]]
Real pi_reduce(Index n, Real dx) {
  Real pi = 0.0;
  FERRY_BENCH_OMP(reduction(+ : pi))
  for (Index i = 0; i < n; ++i) {
    PI_REDUCE_BODY
  }
  return pi * 4.0;
}

struct Reduce3 {
  int sum, min, max;
};

[[ferry::kernel]]
Reduce3 reduce3_int(Index n, [[ferry::borrow(n)]] const int *vec) {
  int vsum = 0, vmin = 1 << 30, vmax = -(1 << 30);
  FERRY_BENCH_OMP(is_device_ptr(vec) reduction(+ : vsum) reduction(min : vmin)
                      reduction(max : vmax))
  for (Index i = 0; i < n; ++i) {
    REDUCE3_INT_SUM_BODY
    vmin = std::min(vmin, vec[i]);
    vmax = std::max(vmax, vec[i]);
  }
  return Reduce3{vsum, vmin, vmax};
}

} // namespace basic

#endif
