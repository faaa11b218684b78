// RAJAPerf's Lcals group (the kernels on ferry's benchmark list):
// HYDRO_1D, EOS, FIRST_DIFF, PLANCKIAN, INT_PREDICT.
#ifndef FERRY_BENCH_LCALS_HPP
#define FERRY_BENCH_LCALS_HPP

#include "common.hpp"

#include <cmath>

namespace lcals {

using rajaperf_like::Index;
using rajaperf_like::Real;

[[ferry::kernel]]
void hydro_1d(Index n, Real q, Real r, Real t, [[ferry::out(n)]] Real *x,
              [[ferry::borrow(n)]] const Real *y,
              [[ferry::borrow(n + 12)]] const Real *z) {
  FERRY_BENCH_OMP(is_device_ptr(x, y, z))
  for (Index i = 0; i < n; ++i) {
    HYDRO_1D_BODY
  }
}

[[ferry::kernel]]
void eos(Index n, Real q, Real r, Real t, [[ferry::out(n)]] Real *x,
         [[ferry::borrow(n)]] const Real *y, [[ferry::borrow(n)]] const Real *z,
         [[ferry::borrow(n + 7)]] const Real *u) {
  FERRY_BENCH_OMP(is_device_ptr(x, y, z, u))
  for (Index i = 0; i < n; ++i) {
    EOS_BODY
  }
}

[[ferry::kernel]]
void first_diff(Index n, [[ferry::out(n)]] Real *x,
                [[ferry::borrow(n + 1)]] const Real *y) {
  FERRY_BENCH_OMP(is_device_ptr(x, y))
  for (Index i = 0; i < n; ++i) {
    FIRST_DIFF_BODY
  }
}

[[ferry::kernel]]
void planckian(Index n, [[ferry::borrow(n)]] const Real *x,
               [[ferry::out(n)]] Real *y, [[ferry::borrow(n)]] const Real *u,
               [[ferry::borrow(n)]] const Real *v, [[ferry::out(n)]] Real *w) {
  FERRY_BENCH_OMP(is_device_ptr(x, y, u, v, w))
  for (Index i = 0; i < n; ++i) {
    PLANCKIAN_BODY
  }
}

// RAJAPerf writes row 0 of px from rows 2 to 12 of the same array.  ferry
// needs to see that the rows are apart, so the rows read come in as their
// own parameter (px + 2 * offset), which the run-time alias check confirms.
[[ferry::kernel]]
void int_predict(Index n, Index offset, Real dm22, Real dm23, Real dm24,
                 Real dm25, Real dm26, Real dm27, Real dm28, Real c0,
                 [[ferry::out(n)]] Real *px,
                 [[ferry::borrow(11 * offset)]] const Real *rows) {
  FERRY_BENCH_OMP(is_device_ptr(px, rows))
  for (Index i = 0; i < n; ++i) {
    INT_PREDICT_BODY
  }
}

} // namespace lcals

#endif
