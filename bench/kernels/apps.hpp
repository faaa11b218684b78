// RAJAPerf's Apps group (the seven kernels the rustc offload paper reports):
// PRESSURE, ENERGY, FIR, VOL3D, DEL_DOT_VEC_2D, LTIMES, MATVEC_3D_STENCIL.
//
// Where RAJAPerf passes one array as several offset pointers (x0..x7 =
// x + offsets), the ferry kernel takes the array once and adds the offsets,
// which is the same memory traffic.  The two kernels that write through an
// index list (real_zones) declare the output shared_mut: ferry cannot prove
// the list has no repeats, so each store is an atomic write.
#ifndef FERRY_BENCH_APPS_HPP
#define FERRY_BENCH_APPS_HPP

#include "common.hpp"

#include <cmath>

namespace apps {

using rajaperf_like::Index;
using rajaperf_like::Real;

[[ferry::kernel]]
void pressure(Index n, Real cls, Real p_cut, Real pmin, Real eosvmax,
              [[ferry::borrow(n)]] const Real *compression,
              [[ferry::scratch(n)]] Real *bvc, [[ferry::out(n)]] Real *p_new,
              [[ferry::borrow(n)]] const Real *e_old,
              [[ferry::borrow(n)]] const Real *vnewc) {
  FERRY_BENCH_OMP(is_device_ptr(compression, bvc))
  for (Index i = 0; i < n; ++i) {
    PRESSURE_BODY1
  }
  FERRY_BENCH_OMP(is_device_ptr(bvc, p_new, e_old, vnewc))
  for (Index i = 0; i < n; ++i) {
    PRESSURE_BODY2
  }
}

#define ENERGY_POINTERS                                                        \
  e_new, e_old, delvc, p_new, p_old, q_new, q_old, work, compHalfStep,         \
      pHalfStep, bvc, pbvc, ql_old, qq_old, vnewc

[[ferry::kernel]]
void energy(Index n, EnergyConstants k, [[ferry::out(n)]] Real *e_new,
            [[ferry::borrow(n)]] const Real *e_old,
            [[ferry::borrow(n)]] const Real *delvc,
            [[ferry::borrow(n)]] const Real *p_new,
            [[ferry::borrow(n)]] const Real *p_old,
            [[ferry::out(n)]] Real *q_new, [[ferry::borrow(n)]] const Real *q_old,
            [[ferry::borrow(n)]] const Real *work,
            [[ferry::borrow(n)]] const Real *compHalfStep,
            [[ferry::borrow(n)]] const Real *pHalfStep,
            [[ferry::borrow(n)]] const Real *bvc,
            [[ferry::borrow(n)]] const Real *pbvc,
            [[ferry::borrow(n)]] const Real *ql_old,
            [[ferry::borrow(n)]] const Real *qq_old,
            [[ferry::borrow(n)]] const Real *vnewc) {
  FERRY_BENCH_OMP(is_device_ptr(ENERGY_POINTERS))
  for (Index i = 0; i < n; ++i) {
    ENERGY_BODY1
  }
  FERRY_BENCH_OMP(is_device_ptr(ENERGY_POINTERS))
  for (Index i = 0; i < n; ++i) {
    ENERGY_BODY2
  }
  FERRY_BENCH_OMP(is_device_ptr(ENERGY_POINTERS))
  for (Index i = 0; i < n; ++i) {
    ENERGY_BODY3
  }
  FERRY_BENCH_OMP(is_device_ptr(ENERGY_POINTERS))
  for (Index i = 0; i < n; ++i) {
    ENERGY_BODY4
  }
  FERRY_BENCH_OMP(is_device_ptr(ENERGY_POINTERS))
  for (Index i = 0; i < n; ++i) {
    ENERGY_BODY5
  }
  FERRY_BENCH_OMP(is_device_ptr(ENERGY_POINTERS))
  for (Index i = 0; i < n; ++i) {
    ENERGY_BODY6
  }
}

[[ferry::kernel]]
void fir(Index n, [[ferry::borrow(fir_coefflen)]] const Real *coeff,
         [[ferry::borrow(n + fir_coefflen - 1)]] const Real *in,
         [[ferry::out(n)]] Real *out) {
  FERRY_BENCH_OMP(is_device_ptr(coeff, in, out))
  for (Index i = 0; i < n; ++i) {
    FIR_BODY
  }
}

// A mesh of zones with a halo: zone (i, j, k) is at i + j*jp + k*kp.
[[ferry::kernel]]
void vol3d(Index ibegin, Index iend, Index jp, Index kp, Real vnormq,
           [[ferry::borrow(iend + 1 + jp + kp)]] const Real *x,
           [[ferry::borrow(iend + 1 + jp + kp)]] const Real *y,
           [[ferry::borrow(iend + 1 + jp + kp)]] const Real *z,
           [[ferry::borrow_mut(iend)]] Real *vol) {
  FERRY_BENCH_OMP(is_device_ptr(x, y, z, vol))
  for (Index i = ibegin; i < iend; ++i) {
    VOL3D_BODY
  }
}

[[ferry::kernel]]
void del_dot_vec_2d(Index nzones, Index length, Index jp, Real ptiny, Real half,
                    [[ferry::borrow(nzones)]] const Index *real_zones,
                    [[ferry::borrow(length)]] const Real *x,
                    [[ferry::borrow(length)]] const Real *y,
                    [[ferry::borrow(length)]] const Real *fx,
                    [[ferry::borrow(length)]] const Real *fy,
                    [[ferry::shared_mut(length)]] Real *div) {
  FERRY_BENCH_OMP(is_device_ptr(real_zones, x, y, fx, fy, div))
  for (Index ii = 0; ii < nzones; ++ii) {
    DEL_DOT_VEC_2D_BODY
  }
}

[[ferry::kernel]]
void ltimes(Index num_d, Index num_z, Index num_g, Index num_m,
            [[ferry::borrow_mut(num_m * num_g * num_z)]] Real *phi,
            [[ferry::borrow(num_d * num_m)]] const Real *ell,
            [[ferry::borrow(num_d * num_g * num_z)]] const Real *psi) {
  FERRY_BENCH_OMP(collapse(3) is_device_ptr(phi, ell, psi))
  for (Index z = 0; z < num_z; ++z)
    for (Index g = 0; g < num_g; ++g)
      for (Index m = 0; m < num_m; ++m) {
        LTIMES_BODY
      }
}

// 27-point matrix-vector product on the zones of a 3-D mesh with a halo.
[[ferry::kernel]]
void matvec_3d_stencil(Index nzones, Index length, Index stride, Index jp,
                       Index kp, [[ferry::borrow(nzones)]] const Index *real_zones,
                       [[ferry::borrow(14 * stride)]] const Real *matrix,
                       [[ferry::borrow(length)]] const Real *x,
                       [[ferry::shared_mut(length)]] Real *b) {
  FERRY_BENCH_OMP(is_device_ptr(real_zones, matrix, x, b))
  for (Index ii = 0; ii < nzones; ++ii) {
    MATVEC_3D_STENCIL_BODY
  }
}

} // namespace apps

#endif
