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
  for (Index i = 0; i < n; ++i)
    x[i] = q + y[i] * (r * z[i + 10] + t * z[i + 11]);
}

[[ferry::kernel]]
void eos(Index n, Real q, Real r, Real t, [[ferry::out(n)]] Real *x,
         [[ferry::borrow(n)]] const Real *y, [[ferry::borrow(n)]] const Real *z,
         [[ferry::borrow(n + 7)]] const Real *u) {
  for (Index i = 0; i < n; ++i)
    x[i] = u[i] + r * (z[i] + r * y[i]) +
           t * (u[i + 3] + r * (u[i + 2] + r * u[i + 1]) +
                t * (u[i + 6] + q * (u[i + 5] + q * u[i + 4])));
}

[[ferry::kernel]]
void first_diff(Index n, [[ferry::out(n)]] Real *x,
                [[ferry::borrow(n + 1)]] const Real *y) {
  for (Index i = 0; i < n; ++i)
    x[i] = y[i + 1] - y[i];
}

[[ferry::kernel]]
void planckian(Index n, [[ferry::borrow(n)]] const Real *x,
               [[ferry::out(n)]] Real *y, [[ferry::borrow(n)]] const Real *u,
               [[ferry::borrow(n)]] const Real *v, [[ferry::out(n)]] Real *w) {
  for (Index i = 0; i < n; ++i) {
    y[i] = u[i] / v[i];
    w[i] = x[i] / (std::exp(y[i]) - 1.0);
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
  // rows[i + offset * (k - 2)] is px[i + offset * k].
  for (Index i = 0; i < n; ++i)
    px[i] = dm28 * rows[i + offset * 10] + dm27 * rows[i + offset * 9] +
            dm26 * rows[i + offset * 8] + dm25 * rows[i + offset * 7] +
            dm24 * rows[i + offset * 6] + dm23 * rows[i + offset * 5] +
            dm22 * rows[i + offset * 4] +
            c0 * (rows[i + offset * 2] + rows[i + offset * 3]) +
            rows[i + offset * 0];
}

} // namespace lcals

#endif
