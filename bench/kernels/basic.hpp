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
  for (Index i = 0; i < n; ++i)
    y[i] += a * x[i];
}

[[ferry::kernel]]
void muladdsub(Index n, [[ferry::out(n)]] Real *out1,
               [[ferry::out(n)]] Real *out2, [[ferry::out(n)]] Real *out3,
               [[ferry::borrow(n)]] const Real *in1,
               [[ferry::borrow(n)]] const Real *in2) {
  for (Index i = 0; i < n; ++i) {
    out1[i] = in1[i] * in2[i];
    out2[i] = in1[i] + in2[i];
    out3[i] = in1[i] - in2[i];
  }
}

[[ferry::kernel]]
void init3(Index n, [[ferry::out(n)]] Real *out1, [[ferry::out(n)]] Real *out2,
           [[ferry::out(n)]] Real *out3, [[ferry::borrow(n)]] const Real *in1,
           [[ferry::borrow(n)]] const Real *in2) {
  for (Index i = 0; i < n; ++i)
    out1[i] = out2[i] = out3[i] = -in1[i] - in2[i];
}

[[ferry::kernel]]
void if_quad(Index n, [[ferry::borrow(n)]] const Real *a,
             [[ferry::borrow(n)]] const Real *b,
             [[ferry::borrow(n)]] const Real *c, [[ferry::out(n)]] Real *x1,
             [[ferry::out(n)]] Real *x2) {
  for (Index i = 0; i < n; ++i) {
    Real s = b[i] * b[i] - 4.0 * a[i] * c[i];
    if (s >= 0) {
      s = std::sqrt(s);
      x2[i] = (-b[i] + s) / (2.0 * a[i]);
      x1[i] = (-b[i] - s) / (2.0 * a[i]);
    } else {
      x2[i] = 0.0;
      x1[i] = 0.0;
    }
  }
}

[[ferry::kernel]]
void nested_init(Index ni, Index nj, Index nk,
                 [[ferry::out(ni * nj * nk)]] Real *array) {
  for (Index k = 0; k < nk; ++k)
    for (Index j = 0; j < nj; ++j)
      for (Index i = 0; i < ni; ++i)
        array[i + ni * (j + nj * k)] = 0.00000001 * i * j * k;
}

[[ferry::kernel]]
Real pi_reduce(Index n, Real dx) {
  Real pi = 0.0;
  for (Index i = 0; i < n; ++i) {
    Real x = (Real(i) + 0.5) * dx;
    pi += dx / (1.0 + x * x);
  }
  return pi * 4.0;
}

struct Reduce3 {
  int sum, min, max;
};

[[ferry::kernel]]
Reduce3 reduce3_int(Index n, [[ferry::borrow(n)]] const int *vec) {
  int vsum = 0, vmin = 1 << 30, vmax = -(1 << 30);
  for (Index i = 0; i < n; ++i) {
    vsum += vec[i];
    vmin = std::min(vmin, vec[i]);
    vmax = std::max(vmax, vec[i]);
  }
  return Reduce3{vsum, vmin, vmax};
}

} // namespace basic

#endif
