// RAJAPerf's Stream group as ferry kernels: ADD, COPY, MUL, TRIAD, DOT.
#ifndef FERRY_BENCH_STREAM_HPP
#define FERRY_BENCH_STREAM_HPP

#include "common.hpp"

namespace stream {

using rajaperf_like::Index;
using rajaperf_like::Real;

[[ferry::kernel]]
void add(Index n, [[ferry::borrow(n)]] const Real *a,
         [[ferry::borrow(n)]] const Real *b, [[ferry::out(n)]] Real *c) {
  for (Index i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

[[ferry::kernel]]
void copy(Index n, [[ferry::borrow(n)]] const Real *a,
          [[ferry::out(n)]] Real *c) {
  for (Index i = 0; i < n; ++i)
    c[i] = a[i];
}

[[ferry::kernel]]
void mul(Index n, Real alpha, [[ferry::out(n)]] Real *b,
         [[ferry::borrow(n)]] const Real *c) {
  for (Index i = 0; i < n; ++i)
    b[i] = alpha * c[i];
}

[[ferry::kernel]]
void triad(Index n, Real alpha, [[ferry::out(n)]] Real *a,
           [[ferry::borrow(n)]] const Real *b,
           [[ferry::borrow(n)]] const Real *c) {
  for (Index i = 0; i < n; ++i)
    a[i] = b[i] + alpha * c[i];
}

[[ferry::kernel]]
Real dot(Index n, [[ferry::borrow(n)]] const Real *a,
         [[ferry::borrow(n)]] const Real *b) {
  Real sum = 0;
  for (Index i = 0; i < n; ++i)
    sum += a[i] * b[i];
  return sum;
}

} // namespace stream

#endif
