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
  FERRY_BENCH_OMP(is_device_ptr(a, b, c))
  for (Index i = 0; i < n; ++i) {
    ADD_BODY
  }
}

[[ferry::kernel]]
void copy(Index n, [[ferry::borrow(n)]] const Real *a,
          [[ferry::out(n)]] Real *c) {
  FERRY_BENCH_OMP(is_device_ptr(a, c))
  for (Index i = 0; i < n; ++i) {
    COPY_BODY
  }
}

[[ferry::kernel]]
void mul(Index n, Real alpha, [[ferry::out(n)]] Real *b,
         [[ferry::borrow(n)]] const Real *c) {
  FERRY_BENCH_OMP(is_device_ptr(b, c))
  for (Index i = 0; i < n; ++i) {
    MUL_BODY
  }
}

[[ferry::kernel]]
void triad(Index n, Real alpha, [[ferry::out(n)]] Real *a,
           [[ferry::borrow(n)]] const Real *b,
           [[ferry::borrow(n)]] const Real *c) {
  FERRY_BENCH_OMP(is_device_ptr(a, b, c))
  for (Index i = 0; i < n; ++i) {
    TRIAD_BODY
  }
}

[[ferry::kernel]]
Real dot(Index n, [[ferry::borrow(n)]] const Real *a,
         [[ferry::borrow(n)]] const Real *b) {
  Real sum = 0;
  FERRY_BENCH_OMP(is_device_ptr(a, b) reduction(+ : sum))
  for (Index i = 0; i < n; ++i) {
    DOT_BODY
  }
  return sum;
}

} // namespace stream

#endif
