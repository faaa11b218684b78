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
  for (Index i = 0; i < n; ++i)
    bvc[i] = cls * (compression[i] + 1.0);
  for (Index i = 0; i < n; ++i) {
    p_new[i] = bvc[i] * e_old[i];
    if (std::fabs(p_new[i]) < p_cut)
      p_new[i] = 0.0;
    if (vnewc[i] >= eosvmax)
      p_new[i] = 0.0;
    if (p_new[i] < pmin)
      p_new[i] = pmin;
  }
}

struct EnergyConstants {
  Real rho0, e_cut, emin, q_cut;
};

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
  for (Index i = 0; i < n; ++i)
    e_new[i] =
        e_old[i] - 0.5 * delvc[i] * (p_old[i] + q_old[i]) + 0.5 * work[i];
  for (Index i = 0; i < n; ++i) {
    if (delvc[i] > 0.0) {
      q_new[i] = 0.0;
    } else {
      Real vhalf = 1.0 / (1.0 + compHalfStep[i]);
      Real ssc =
          (pbvc[i] * e_new[i] + vhalf * vhalf * bvc[i] * pHalfStep[i]) / k.rho0;
      if (ssc <= 0.1111111e-36)
        ssc = 0.3333333e-18;
      else
        ssc = std::sqrt(ssc);
      q_new[i] = (ssc * ql_old[i] + qq_old[i]);
    }
  }
  for (Index i = 0; i < n; ++i)
    e_new[i] = e_new[i] + 0.5 * delvc[i] *
                              (3.0 * (p_old[i] + q_old[i]) -
                               4.0 * (pHalfStep[i] + q_new[i]));
  for (Index i = 0; i < n; ++i) {
    e_new[i] += 0.5 * work[i];
    if (std::fabs(e_new[i]) < k.e_cut)
      e_new[i] = 0.0;
    if (e_new[i] < k.emin)
      e_new[i] = k.emin;
  }
  for (Index i = 0; i < n; ++i) {
    Real q_tilde;
    if (delvc[i] > 0.0) {
      q_tilde = 0.;
    } else {
      Real ssc =
          (pbvc[i] * e_new[i] + vnewc[i] * vnewc[i] * bvc[i] * p_new[i]) /
          k.rho0;
      if (ssc <= 0.1111111e-36)
        ssc = 0.3333333e-18;
      else
        ssc = std::sqrt(ssc);
      q_tilde = (ssc * ql_old[i] + qq_old[i]);
    }
    e_new[i] = e_new[i] - (7.0 * (p_old[i] + q_old[i]) -
                           8.0 * (pHalfStep[i] + q_new[i]) +
                           (p_new[i] + q_tilde)) *
                              delvc[i] / 6.0;
    if (std::fabs(e_new[i]) < k.e_cut)
      e_new[i] = 0.0;
    if (e_new[i] < k.emin)
      e_new[i] = k.emin;
  }
  for (Index i = 0; i < n; ++i) {
    if (delvc[i] <= 0.0) {
      Real ssc =
          (pbvc[i] * e_new[i] + vnewc[i] * vnewc[i] * bvc[i] * p_new[i]) /
          k.rho0;
      if (ssc <= 0.1111111e-36)
        ssc = 0.3333333e-18;
      else
        ssc = std::sqrt(ssc);
      q_new[i] = (ssc * ql_old[i] + qq_old[i]);
      if (std::fabs(q_new[i]) < k.q_cut)
        q_new[i] = 0.0;
    }
  }
}

constexpr Index fir_coefflen = 16;

[[ferry::kernel]]
void fir(Index n, [[ferry::borrow(fir_coefflen)]] const Real *coeff,
         [[ferry::borrow(n + fir_coefflen - 1)]] const Real *in,
         [[ferry::out(n)]] Real *out) {
  for (Index i = 0; i < n; ++i) {
    Real sum = 0.0;
    for (Index j = 0; j < fir_coefflen; ++j)
      sum += coeff[j] * in[i + j];
    out[i] = sum;
  }
}

// A mesh of zones with a halo: zone (i, j, k) is at i + j*jp + k*kp.
[[ferry::kernel]]
void vol3d(Index ibegin, Index iend, Index jp, Index kp, Real vnormq,
           [[ferry::borrow(iend + 1 + jp + kp)]] const Real *x,
           [[ferry::borrow(iend + 1 + jp + kp)]] const Real *y,
           [[ferry::borrow(iend + 1 + jp + kp)]] const Real *z,
           [[ferry::borrow_mut(iend)]] Real *vol) {
  for (Index i = ibegin; i < iend; ++i) {
    // The eight corners: x0 = x, x1 = x+1, x2 = x+jp, x3 = x+1+jp,
    // x4 = x+kp, x5 = x+1+kp, x6 = x+jp+kp, x7 = x+1+jp+kp.
    const Index c1 = 1, c2 = jp, c3 = 1 + jp, c4 = kp, c5 = 1 + kp,
                c6 = jp + kp, c7 = 1 + jp + kp;
    Real x71 = x[i + c7] - x[i + c1];
    Real x72 = x[i + c7] - x[i + c2];
    Real x74 = x[i + c7] - x[i + c4];
    Real x30 = x[i + c3] - x[i];
    Real x50 = x[i + c5] - x[i];
    Real x60 = x[i + c6] - x[i];

    Real y71 = y[i + c7] - y[i + c1];
    Real y72 = y[i + c7] - y[i + c2];
    Real y74 = y[i + c7] - y[i + c4];
    Real y30 = y[i + c3] - y[i];
    Real y50 = y[i + c5] - y[i];
    Real y60 = y[i + c6] - y[i];

    Real z71 = z[i + c7] - z[i + c1];
    Real z72 = z[i + c7] - z[i + c2];
    Real z74 = z[i + c7] - z[i + c4];
    Real z30 = z[i + c3] - z[i];
    Real z50 = z[i + c5] - z[i];
    Real z60 = z[i + c6] - z[i];

    Real xps = x71 + x60;
    Real yps = y71 + y60;
    Real zps = z71 + z60;

    Real cyz = y72 * z30 - z72 * y30;
    Real czx = z72 * x30 - x72 * z30;
    Real cxy = x72 * y30 - y72 * x30;
    vol[i] = xps * cyz + yps * czx + zps * cxy;

    xps = x72 + x50;
    yps = y72 + y50;
    zps = z72 + z50;

    cyz = y74 * z60 - z74 * y60;
    czx = z74 * x60 - x74 * z60;
    cxy = x74 * y60 - y74 * x60;
    vol[i] += xps * cyz + yps * czx + zps * cxy;

    xps = x74 + x30;
    yps = y74 + y30;
    zps = z74 + z30;

    cyz = y71 * z50 - z71 * y50;
    czx = z71 * x50 - x71 * z50;
    cxy = x71 * y50 - y71 * x50;
    vol[i] += xps * cyz + yps * czx + zps * cxy;

    vol[i] *= vnormq;
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
  for (Index ii = 0; ii < nzones; ++ii) {
    const Index i = real_zones[ii];
    // Corners 1..4 of zone i: i, i+1, i+1+jp, i+jp.
    const Index a = i, b = i + 1, c = i + 1 + jp, d = i + jp;
    Real xi = half * (x[a] + x[b] - x[c] - x[d]);
    Real xj = half * (x[b] + x[c] - x[d] - x[a]);
    Real yi = half * (y[a] + y[b] - y[c] - y[d]);
    Real yj = half * (y[b] + y[c] - y[d] - y[a]);
    Real fxi = half * (fx[a] + fx[b] - fx[c] - fx[d]);
    Real fxj = half * (fx[b] + fx[c] - fx[d] - fx[a]);
    Real fyi = half * (fy[a] + fy[b] - fy[c] - fy[d]);
    Real fyj = half * (fy[b] + fy[c] - fy[d] - fy[a]);
    Real rarea = 1.0 / (xi * yj - xj * yi + ptiny);
    Real dfxdx = rarea * (fxi * yj - fxj * yi);
    Real dfydy = rarea * (fyj * xi - fyi * xj);
    Real affine = (fy[a] + fy[b] + fy[c] + fy[d]) / (y[a] + y[b] + y[c] + y[d]);
    div[i] = dfxdx + dfydy + affine;
  }
}

[[ferry::kernel]]
void ltimes(Index num_d, Index num_z, Index num_g, Index num_m,
            [[ferry::borrow_mut(num_m * num_g * num_z)]] Real *phi,
            [[ferry::borrow(num_d * num_m)]] const Real *ell,
            [[ferry::borrow(num_d * num_g * num_z)]] const Real *psi) {
  for (Index z = 0; z < num_z; ++z)
    for (Index g = 0; g < num_g; ++g)
      for (Index m = 0; m < num_m; ++m)
        for (Index d = 0; d < num_d; ++d)
          phi[m + (g * num_m) + (z * num_m * num_g)] +=
              ell[d + (m * num_d)] *
              psi[d + (g * num_d) + (z * num_d * num_g)];
}

// 27-point matrix-vector product on the zones of a 3-D mesh with a halo:
// b[i] = sum over the 27 neighbours p of matrix[p][i] * x[i + offset(p)].
[[ferry::kernel]]
void matvec_3d_stencil(Index nzones, Index length, Index jp, Index kp,
                       [[ferry::borrow(nzones)]] const Index *real_zones,
                       [[ferry::borrow(27 * length)]] const Real *matrix,
                       [[ferry::borrow(length)]] const Real *x,
                       [[ferry::shared_mut(length)]] Real *b) {
  for (Index ii = 0; ii < nzones; ++ii) {
    const Index i = real_zones[ii];
    Real sum = 0.0;
    for (Index dk = -1; dk <= 1; ++dk)
      for (Index dj = -1; dj <= 1; ++dj)
        for (Index di = -1; di <= 1; ++di) {
          const Index p = (dk + 1) * 9 + (dj + 1) * 3 + (di + 1);
          sum += matrix[p * length + i] * x[i + di + dj * jp + dk * kp];
        }
    b[i] = sum;
  }
}

} // namespace apps

#endif
