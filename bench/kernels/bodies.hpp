// The loop bodies of the benchmark kernels, one macro each, in the manner
// of RAJAPerf's *_BODY macros: the ferry kernels (and, from the same
// functions, the hand-written OpenMP variant) and the CUDA kernels expand
// the same text, so every variant computes exactly the same thing.
//
// A body reads the loop index `i` (and `j`, `k` in nests) and the
// parameter names of its kernel.
#ifndef FERRY_BENCH_BODIES_HPP
#define FERRY_BENCH_BODIES_HPP

// Stream
#define ADD_BODY c[i] = a[i] + b[i];
#define COPY_BODY c[i] = a[i];
#define MUL_BODY b[i] = alpha * c[i];
#define TRIAD_BODY a[i] = b[i] + alpha * c[i];
#define DOT_BODY sum += a[i] * b[i];

// Basic
#define DAXPY_BODY y[i] += a * x[i];
#define MULADDSUB_BODY                                                         \
  out1[i] = in1[i] * in2[i];                                                   \
  out2[i] = in1[i] + in2[i];                                                   \
  out3[i] = in1[i] - in2[i];
#define INIT3_BODY out1[i] = out2[i] = out3[i] = -in1[i] - in2[i];
#define IF_QUAD_BODY                                                           \
  Real s = b[i] * b[i] - 4.0 * a[i] * c[i];                                    \
  if (s >= 0) {                                                                \
    s = sqrt(s);                                                               \
    x2[i] = (-b[i] + s) / (2.0 * a[i]);                                        \
    x1[i] = (-b[i] - s) / (2.0 * a[i]);                                        \
  } else {                                                                     \
    x2[i] = 0.0;                                                               \
    x1[i] = 0.0;                                                               \
  }
#define NESTED_INIT_BODY array[i + ni * (j + nj * k)] = 0.00000001 * i * j * k;
#define PI_REDUCE_BODY                                                         \
  Real x = (Real(i) + 0.5) * dx;                                               \
  pi += dx / (1.0 + x * x);
#define REDUCE3_INT_SUM_BODY vsum += vec[i];

// Lcals
#define HYDRO_1D_BODY x[i] = q + y[i] * (r * z[i + 10] + t * z[i + 11]);
#define EOS_BODY                                                               \
  x[i] = u[i] + r * (z[i] + r * y[i]) +                                        \
         t * (u[i + 3] + r * (u[i + 2] + r * u[i + 1]) +                       \
              t * (u[i + 6] + q * (u[i + 5] + q * u[i + 4])));
#define FIRST_DIFF_BODY x[i] = y[i + 1] - y[i];
#define PLANCKIAN_BODY                                                         \
  y[i] = u[i] / v[i];                                                          \
  w[i] = x[i] / (exp(y[i]) - 1.0);
// rows[i + offset * (k - 2)] is px[i + offset * k].
#define INT_PREDICT_BODY                                                       \
  px[i] = dm28 * rows[i + offset * 10] + dm27 * rows[i + offset * 9] +        \
          dm26 * rows[i + offset * 8] + dm25 * rows[i + offset * 7] +          \
          dm24 * rows[i + offset * 6] + dm23 * rows[i + offset * 5] +          \
          dm22 * rows[i + offset * 4] +                                        \
          c0 * (rows[i + offset * 2] + rows[i + offset * 3]) +                 \
          rows[i + offset * 0];

// Polybench: one sweep from IN to OUT
#define JACOBI_1D_BODY(IN, OUT)                                                \
  OUT[i] = 0.33333 * (IN[i - 1] + IN[i] + IN[i + 1]);
#define JACOBI_2D_BODY(IN, OUT)                                                \
  OUT[j + i * n] = 0.2 * (IN[j + i * n] + IN[j - 1 + i * n] +                  \
                          IN[j + 1 + i * n] + IN[j + (i + 1) * n] +            \
                          IN[j + (i - 1) * n]);
#define HEAT_3D_BODY(IN, OUT)                                                  \
  OUT[k + n * (j + n * i)] =                                                   \
      0.125 * (IN[k + n * (j + n * (i + 1))] - 2.0 * IN[k + n * (j + n * i)] + \
               IN[k + n * (j + n * (i - 1))]) +                                \
      0.125 * (IN[k + n * (j + 1 + n * i)] - 2.0 * IN[k + n * (j + n * i)] +   \
               IN[k + n * (j - 1 + n * i)]) +                                  \
      0.125 * (IN[k + 1 + n * (j + n * i)] - 2.0 * IN[k + n * (j + n * i)] +   \
               IN[k - 1 + n * (j + n * i)]) +                                  \
      IN[k + n * (j + n * i)];
// As in RAJAPerf, C is scaled by beta and then overwritten by the product.
#define GEMM_BODY                                                              \
  C[j + i * nj] *= beta;                                                       \
  Real dot = 0.0;                                                              \
  for (Index k = 0; k < nk; ++k)                                               \
    dot += alpha * A[k + i * nk] * B[j + k * nj];                              \
  C[j + i * nj] = dot;

// Apps
#define PRESSURE_BODY1 bvc[i] = cls * (compression[i] + 1.0);
#define PRESSURE_BODY2                                                         \
  p_new[i] = bvc[i] * e_old[i];                                                \
  if (fabs(p_new[i]) < p_cut)                                                  \
    p_new[i] = 0.0;                                                            \
  if (vnewc[i] >= eosvmax)                                                     \
    p_new[i] = 0.0;                                                            \
  if (p_new[i] < pmin)                                                         \
    p_new[i] = pmin;

#define ENERGY_SOUND_SPEED(VOLUME, PRESSURE)                                   \
  Real ssc = (pbvc[i] * e_new[i] + VOLUME * VOLUME * bvc[i] * PRESSURE) /      \
             k.rho0;                                                           \
  if (ssc <= 0.1111111e-36)                                                    \
    ssc = 0.3333333e-18;                                                       \
  else                                                                         \
    ssc = sqrt(ssc);
#define ENERGY_CUT                                                             \
  if (fabs(e_new[i]) < k.e_cut)                                                \
    e_new[i] = 0.0;                                                            \
  if (e_new[i] < k.emin)                                                       \
    e_new[i] = k.emin;
#define ENERGY_BODY1                                                           \
  e_new[i] = e_old[i] - 0.5 * delvc[i] * (p_old[i] + q_old[i]) + 0.5 * work[i];
#define ENERGY_BODY2                                                           \
  if (delvc[i] > 0.0) {                                                        \
    q_new[i] = 0.0;                                                            \
  } else {                                                                     \
    Real vhalf = 1.0 / (1.0 + compHalfStep[i]);                                \
    ENERGY_SOUND_SPEED(vhalf, pHalfStep[i])                                    \
    q_new[i] = (ssc * ql_old[i] + qq_old[i]);                                  \
  }
#define ENERGY_BODY3                                                           \
  e_new[i] = e_new[i] + 0.5 * delvc[i] *                                       \
                            (3.0 * (p_old[i] + q_old[i]) -                     \
                             4.0 * (pHalfStep[i] + q_new[i]));
#define ENERGY_BODY4                                                           \
  e_new[i] += 0.5 * work[i];                                                   \
  ENERGY_CUT
#define ENERGY_BODY5                                                           \
  Real q_tilde;                                                                \
  if (delvc[i] > 0.0) {                                                        \
    q_tilde = 0.;                                                              \
  } else {                                                                     \
    ENERGY_SOUND_SPEED(vnewc[i], p_new[i])                                     \
    q_tilde = (ssc * ql_old[i] + qq_old[i]);                                   \
  }                                                                            \
  e_new[i] = e_new[i] - (7.0 * (p_old[i] + q_old[i]) -                         \
                         8.0 * (pHalfStep[i] + q_new[i]) +                     \
                         (p_new[i] + q_tilde)) *                               \
                            delvc[i] / 6.0;                                    \
  ENERGY_CUT
#define ENERGY_BODY6                                                           \
  if (delvc[i] <= 0.0) {                                                       \
    ENERGY_SOUND_SPEED(vnewc[i], p_new[i])                                     \
    q_new[i] = (ssc * ql_old[i] + qq_old[i]);                                  \
    if (fabs(q_new[i]) < k.q_cut)                                              \
      q_new[i] = 0.0;                                                          \
  }

#define FIR_BODY                                                               \
  Real sum = 0.0;                                                              \
  for (Index j = 0; j < fir_coefflen; ++j)                                     \
    sum += coeff[j] * in[i + j];                                               \
  out[i] = sum;

// The eight corners of zone i: 0, 1, jp, 1+jp, kp, 1+kp, jp+kp, 1+jp+kp.
#define VOL3D_DIFFS(A)                                                         \
  Real A##71 = A[i + 1 + jp + kp] - A[i + 1];                                  \
  Real A##72 = A[i + 1 + jp + kp] - A[i + jp];                                 \
  Real A##74 = A[i + 1 + jp + kp] - A[i + kp];                                 \
  Real A##30 = A[i + 1 + jp] - A[i];                                           \
  Real A##50 = A[i + 1 + kp] - A[i];                                           \
  Real A##60 = A[i + jp + kp] - A[i];
#define VOL3D_TERM(A, B, P, Q)                                                 \
  xps = x##A + x##B;                                                           \
  yps = y##A + y##B;                                                           \
  zps = z##A + z##B;                                                           \
  cyz = y##P * z##Q - z##P * y##Q;                                             \
  czx = z##P * x##Q - x##P * z##Q;                                             \
  cxy = x##P * y##Q - y##P * x##Q;                                             \
  volume += xps * cyz + yps * czx + zps * cxy;
#define VOL3D_BODY                                                             \
  VOL3D_DIFFS(x)                                                               \
  VOL3D_DIFFS(y)                                                               \
  VOL3D_DIFFS(z)                                                               \
  Real xps, yps, zps, cyz, czx, cxy, volume = 0;                               \
  VOL3D_TERM(71, 60, 72, 30)                                                   \
  VOL3D_TERM(72, 50, 74, 60)                                                   \
  VOL3D_TERM(74, 30, 71, 50)                                                   \
  vol[i] = volume * vnormq;

// Corners of zone i: i, i+1, i+1+jp, i+jp.
#define DEL_DOT_VEC_2D_BODY                                                    \
  const Index i = real_zones[ii];                                              \
  const Index a = i, b = i + 1, c = i + 1 + jp, d = i + jp;                    \
  Real xi = half * (x[a] + x[b] - x[c] - x[d]);                                \
  Real xj = half * (x[b] + x[c] - x[d] - x[a]);                                \
  Real yi = half * (y[a] + y[b] - y[c] - y[d]);                                \
  Real yj = half * (y[b] + y[c] - y[d] - y[a]);                                \
  Real fxi = half * (fx[a] + fx[b] - fx[c] - fx[d]);                           \
  Real fxj = half * (fx[b] + fx[c] - fx[d] - fx[a]);                           \
  Real fyi = half * (fy[a] + fy[b] - fy[c] - fy[d]);                           \
  Real fyj = half * (fy[b] + fy[c] - fy[d] - fy[a]);                           \
  Real rarea = 1.0 / (xi * yj - xj * yi + ptiny);                              \
  Real dfxdx = rarea * (fxi * yj - fxj * yi);                                  \
  Real dfydy = rarea * (fyj * xi - fyi * xj);                                  \
  Real affine = (fy[a] + fy[b] + fy[c] + fy[d]) / (y[a] + y[b] + y[c] + y[d]); \
  div[i] = dfxdx + dfydy + affine;

#define LTIMES_BODY                                                            \
  for (Index d = 0; d < num_d; ++d)                                            \
    phi[m + (g * num_m) + (z * num_m * num_g)] +=                              \
        ell[d + (m * num_d)] * psi[d + (g * num_d) + (z * num_d * num_g)];

// b[i] = sum over the 27 neighbours p of A[i][p] * x[i + offset(p)]. The
// matrix is symmetric, as RAJAPerf's is: it stores the rows of the 14
// neighbours p <= 13 (STRIDE apart) and reads A[i][p] of the others as its
// neighbour's A[i + offset(p)][26 - p].
#define MATVEC_3D_STENCIL_BODY                                                 \
  const Index i = real_zones[ii];                                              \
  Real sum = 0.0;                                                              \
  for (Index dk = -1; dk <= 1; ++dk)                                           \
    for (Index dj = -1; dj <= 1; ++dj)                                         \
      for (Index di = -1; di <= 1; ++di) {                                     \
        const Index p = (dk + 1) * 9 + (dj + 1) * 3 + (di + 1);                \
        const Index offset = di + dj * jp + dk * kp;                           \
        sum += matrix[p <= 13 ? p * stride + i                                 \
                              : (26 - p) * stride + i + offset] *              \
               x[i + offset];                                                  \
      }                                                                        \
  b[i] = sum;

#endif
