// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The C library's exp, sin, cos, expf, logf, sinf and cosf for ferry's
// device code (included by <ferry/direct.hpp>, inside its `omp declare
// target`).  The plugin calls these instead of the library in the direct
// and team entries and their helpers' twins, which run on the GPU only,
// and on nvptx in the helpers a kernel calls (plugin/device_math.cc).
//
// Why: on nvptx GCC calls newlib's libm, scalar code written for CPUs:
// sinf reduces its argument through a stack frame and two more calls,
// expf checks its result through finitef, exp takes a stack frame on its
// overflow path, and a direct launch has none.  nvcc inlines a few fused
// multiply-adds: in bench/device_math a loop of sinf * cosf took 789 us
// against CUDA's 88, expf 254 against 69, logf 169 against 69 (H100).
// These are that kind of code: a reduction to a small interval with the
// constant split in parts (exact with fused multiply-adds), a polynomial,
// and a scaling by a power of two, with the C library's results for NaNs,
// infinities, zeros and out-of-range arguments.  Their error is within 2
// ulp, as CUDA's expf, sinf and cosf are (testsuite/unit/
// test_direct_device_math.cc; measured at most 1.05 ulp for expf, 0.76
// for logf, 1.47 for sinf, 1.51 for cosf); newlib's is under 1 ulp, so
// results may differ from GCC's build in the last bit, as newlib's already
// differ from the host's glibc.  sinf and cosf of arguments beyond
// 105,615 in magnitude, and sin and cos beyond 2^30, where a three-part
// pi/2 no longer reduces exactly, call the library.
#ifndef FERRY_DEVICE_MATHS_HPP
#define FERRY_DEVICE_MATHS_HPP

namespace ferry::direct::maths {

// Bit casts without a local's address: inside `omp simd` on nvptx, GCC 12
// keeps an address-taken local in the warp's shared frame, where the
// lanes overwrite each other's (the OpenMP path's regions computed sinf
// of one lane's argument for others).
inline float from_bits(unsigned bits) {
  return __builtin_bit_cast(float, bits);
}

inline unsigned to_bits(float value) {
  return __builtin_bit_cast(unsigned, value);
}

// The nearest integer to X (ties to even), for |X| < 2^22: adding 1.5 *
// 2^23 rounds away the fraction in the format itself, and taking it away
// again is exact.  The empty asm keeps -ffast-math from cancelling the two.
inline float nearest_integer(float x) {
  const float shift = 12582912.0f;
  float shifted = x + shift;
  asm("" : "+r"(shifted));
  return shifted - shift;
}

// 2^K as a float, for -126 <= K <= 127.
inline float power_of_two(int k) {
  return from_bits(static_cast<unsigned>(k + 127) << 23);
}

} // namespace ferry::direct::maths

namespace ferry::direct {

// exp for the direct entries: newlib's, which the device code would call
// otherwise, takes a stack frame on its overflow path, and a direct launch
// has none.  Cody-Waite reduction and a degree-13 polynomial: within 2 ulp.
inline double exp(double x) {
  if (!(x == x))
    return x;
  if (x > 709.782712893384)
    return __builtin_inf();
  if (x < -745.1332191019412)
    return 0.0;
  const double log2e = 1.4426950408889634;
  const double ln2_hi = 6.93147180369123816490e-01;
  const double ln2_lo = 1.90821492927058770002e-10;
  const long long k = static_cast<long long>(x * log2e + (x >= 0 ? 0.5 : -0.5));
  const double kd = static_cast<double>(k);
  const double r = (x - kd * ln2_hi) - kd * ln2_lo;
  double p = 1.0 / 6227020800.0;
  p = p * r + 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r + 1.0;
  p = p * r + 1.0;
  // 2^k in two factors, so that neither overflows nor goes subnormal.
  const long long half = k / 2;
  const unsigned long long bits1 = static_cast<unsigned long long>(1023 + half)
                                   << 52;
  const unsigned long long bits2 =
      static_cast<unsigned long long>(1023 + (k - half)) << 52;
  return p * __builtin_bit_cast(double, bits1) *
         __builtin_bit_cast(double, bits2);
}

inline float expf(float x) {
  using namespace maths;
  if (!(x <= 88.7228317f)) // the largest x whose e^x is finite
    return x + __builtin_inff(); // inf, or x's NaN
  if (x < -103.972084f) // e^x rounds to 0
    return 0.0f;
  // x = k ln2 + r, |r| <= ln2/2, with ln2 = ln2_hi + ln2_lo.
  const float k = nearest_integer(x * 1.44269502f);
  float r = __builtin_fmaf(k, -0.693145751953125f, x);
  r = __builtin_fmaf(k, -1.42860677e-06f, r);
  // e^r: its Taylor series to r^7, whose remainder is under 2^-27 here.
  float p = 1.98412698e-04f;
  p = __builtin_fmaf(p, r, 1.38888889e-03f);
  p = __builtin_fmaf(p, r, 8.33333333e-03f);
  p = __builtin_fmaf(p, r, 4.16666667e-02f);
  p = __builtin_fmaf(p, r, 1.66666667e-01f);
  p = __builtin_fmaf(p, r, 0.5f);
  p = __builtin_fmaf(p, r * r, r);
  p += 1.0f;
  // Times 2^k in two factors, each a normal number for -150 <= k <= 128;
  // only the second rounds, where the result is subnormal.
  const int n = static_cast<int>(k), half = n / 2;
  return p * power_of_two(half) * power_of_two(n - half);
}

inline float logf(float x) {
  using namespace maths;
  unsigned bits = to_bits(x);
  int exponent = 0;
  if (bits < 0x00800000u || bits >> 31) { // subnormal, zero or negative
    if ((bits << 1) == 0)
      return -__builtin_inff();           // log(+-0)
    if (bits >> 31)
      return (x - x) / 0.0f;              // NaN
    x *= 33554432.0f;                     // 2^25: now normal
    exponent = -25;
    bits = to_bits(x);
  } else if (bits >= 0x7f800000u) {
    return x;                             // +inf or NaN
  }
  // x = 2^exponent * m, with m in [sqrt(2)/2, sqrt(2)).
  bits += 0x3f800000u - 0x3f3504f3u;
  exponent += static_cast<int>(bits >> 23) - 127;
  const float f = from_bits((bits & 0x007fffffu) + 0x3f3504f3u) - 1.0f;
  // log(1 + f) = 2 atanh(s), s = f / (2 + f): f - f^2/2 + s (f^2/2 + R),
  // R a minimax fit of the odd series' tail in s^2.
  const float s = f / (2.0f + f), z = s * s, w = z * z;
  const float r = z * (0.666666627f + w * 0.284987867f) +
                  w * (0.400009722f + w * 0.242790788f);
  const float half_square = 0.5f * f * f;
  const float k = static_cast<float>(exponent);
  return s * (half_square + r) + k * 9.05800061e-06f - half_square + f +
         k * 0.693138123f; // ln2 in two parts
}

namespace maths {

// sin and cos of R, |R| <= pi/4: their Taylor series to R^9 and R^10.
inline float sine_near_zero(float r) {
  const float z = r * r;
  float p = 2.75573192e-06f;
  p = __builtin_fmaf(p, z, -1.98412698e-04f);
  p = __builtin_fmaf(p, z, 8.33333333e-03f);
  p = __builtin_fmaf(p, z, -1.66666667e-01f);
  return __builtin_fmaf(p * z, r, r);
}

inline float cosine_near_zero(float r) {
  const float z = r * r;
  float p = -2.75573192e-07f;
  p = __builtin_fmaf(p, z, 2.48015873e-05f);
  p = __builtin_fmaf(p, z, -1.38888889e-03f);
  p = __builtin_fmaf(p, z, 4.16666667e-02f);
  p = __builtin_fmaf(p, z, -0.5f);
  return __builtin_fmaf(p, z, 1.0f);
}

// An argument X as q pi/2 + r: r, and q's last two bits.  (Returned, not
// stored through a pointer: see from_bits.)
template <class T> struct Reduced {
  T r;
  int quadrant;
};

// X = q pi/2 + r, |r| <= pi/4, with pi/2 in three parts.  For |X| <=
// 105615.
inline Reduced<float> reduce(float x) {
  const float q = nearest_integer(x * 0.636619772f);
  float r = __builtin_fmaf(q, -1.57079601287841796875f, x);
  r = __builtin_fmaf(q, -3.13916473648548126220703125e-07f, r);
  r = __builtin_fmaf(q, -5.390302529957764765544681040410068817436695098876953125e-15f, r);
  return {r, static_cast<int>(q) & 3};
}

// Whether reduce() takes X exactly.  (A function, not a constant: a
// variable at namespace scope inside `omp declare target` would join the
// offload variable table on the device only, and shift libgomp's mapping
// of the program's own variables.)
inline bool reducible(float x) { return __builtin_fabsf(x) <= 105615.0f; }

// The nearest integer to X (ties to even), for |X| < 2^51, as the float
// nearest_integer does it.
inline double nearest_integer(double x) {
  const double shift = 6755399441055744.0; // 1.5 * 2^52
  double shifted = x + shift;
  asm("" : "+r"(shifted));
  return shifted - shift;
}

// sin and cos of R, |R| <= pi/4 (a little more after reduce): fdlibm's
// polynomials (k_sin.c, k_cos.c), each under 1 ulp there.
inline double sine_near_zero(double r) {
  const double z = r * r, v = z * r;
  const double p =
      8.33333333332248946124e-03 +
      z * (-1.98412698298579493134e-04 +
           z * (2.75573137070700676789e-06 +
                z * (-2.50507602534068634195e-08 +
                     z * 1.58969099521155010221e-10)));
  return r + v * (-1.66666666666666324348e-01 + z * p);
}

inline double cosine_near_zero(double r) {
  const double z = r * r;
  const double p =
      z * (4.16666666666666019037e-02 +
           z * (-1.38888888888741095749e-03 +
                z * (2.48015872894767294178e-05 +
                     z * (-2.75573143513906633035e-07 +
                          z * (2.08757232129817482790e-09 +
                               z * -1.13596475577881948265e-11)))));
  // 1 - z/2 + z p, with the rounding of 1 - z/2 added back.
  const double half_z = 0.5 * z, w = 1.0 - half_z;
  return w + (((1.0 - w) - half_z) + z * p);
}

// X = q pi/2 + r, with pi/2 in three parts and fused multiply-adds: for
// |X| <= 2^30 the first step is exact (x and q times the first part are
// multiples of 2^-52 apart by less than 1), and the parts reach far below
// the closest a double comes to a multiple of pi/2 there.
inline Reduced<double> reduce(double x) {
  const double q = nearest_integer(x * 6.3661977236758138e-01);
  double r = __builtin_fma(q, -1.5707963267948966e+00, x);
  r = __builtin_fma(q, -6.1232339957367660e-17, r);
  r = __builtin_fma(q, 1.4973849048591698e-33, r);
  return {r, static_cast<int>(static_cast<long long>(q) & 3)};
}

// Whether reduce() takes X (a function: see reducible(float)).
inline bool reducible(double x) { return __builtin_fabs(x) <= 1073741824.0; }

// The library's sin and cos of each type, for the arguments reduce()
// cannot take, each a call of its own: where both are inlined into one
// loop, GCC would make them one sincos, which ferry's entries lost on
// nvptx.
__attribute__((noinline)) inline float library_sin(float x) {
  return __builtin_sinf(x);
}
__attribute__((noinline)) inline float library_cos(float x) {
  return __builtin_cosf(x);
}
__attribute__((noinline)) inline double library_sin(double x) {
  return __builtin_sin(x);
}
__attribute__((noinline)) inline double library_cos(double x) {
  return __builtin_cos(x);
}

// Whether X rounds sin(X): below 2^-12 in float, 1e-8 in double.
inline bool sine_is_argument(float x) {
  return __builtin_fabsf(x) < 2.44140625e-4f;
}
inline bool sine_is_argument(double x) { return __builtin_fabs(x) < 1e-8; }

template <class T> T sine(T x) {
  if (!reducible(x))
    return library_sin(x); // large, infinite or NaN
  if (sine_is_argument(x))
    return x; // -0 kept
  const Reduced<T> reduced = reduce(x);
  const T value = reduced.quadrant & 1 ? cosine_near_zero(reduced.r)
                                       : sine_near_zero(reduced.r);
  return reduced.quadrant & 2 ? -value : value;
}

template <class T> T cosine(T x) {
  if (!reducible(x))
    return library_cos(x);
  const Reduced<T> reduced = reduce(x);
  const T value = reduced.quadrant & 1 ? sine_near_zero(reduced.r)
                                       : cosine_near_zero(reduced.r);
  return (reduced.quadrant + 1) & 2 ? -value : value;
}

} // namespace maths

inline float sinf(float x) { return maths::sine(x); }
inline float cosf(float x) { return maths::cosine(x); }
// In double, newlib's take a stack frame and, for all but the smallest
// arguments, call __ieee754_rem_pio2 and its kernels (RSBench's lookup:
// nine sincos calls).
inline double sin(double x) { return maths::sine(x); }
inline double cos(double x) { return maths::cosine(x); }

} // namespace ferry::direct

#endif
