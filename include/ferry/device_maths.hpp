// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The C library's exp, log, sin, cos, atan, pow, expf, logf, sinf, cosf,
// atanf and powf for ferry's device code (included by <ferry/direct.hpp>,
// inside its `omp declare target`).  The plugin calls these instead of
// the library in the direct and team entries and their helpers' twins,
// which run on the GPU only, and on nvptx in the helpers a kernel calls
// (plugin/device_math.cc).
//
// Why: on nvptx GCC calls newlib's libm, scalar code written for CPUs:
// sinf reduces its argument through a stack frame and two more calls,
// expf checks its result through finitef, exp takes a stack frame on its
// overflow path, and a direct launch has none.  nvcc inlines a few fused
// multiply-adds: in bench/device_math a loop of sinf * cosf took 789 us
// against CUDA's 88, expf 254 against 69, logf 169 against 69 (H100).  A
// call that a loop only might take costs it too: ptxas gives the entry
// the registers of everything it may call (RSBench's lookup: 166 with
// newlib's sin, cos and atan behind a test, 112 without).  These are that
// kind of code: a reduction to a small interval with the constant split
// in parts (exact with fused multiply-adds), a polynomial, and a scaling
// by a power of two, with the C library's results for NaNs, infinities,
// zeros and out-of-range arguments.  Their error is within 2 ulp, as
// CUDA's expf, sinf and cosf are (testsuite/unit/
// test_direct_device_math.cc; measured at most 1.05 ulp for expf, 0.76
// for logf, 1.47 for sinf, 1.51 for cosf, 0.82 for atan and log, 0.65
// for pow; powf within its rounding to float); newlib's is under 1 ulp,
// so results may differ from GCC's build in the last bit, as newlib's
// already differ from the host's glibc.  sin and cos of arguments beyond
// 2^30 in magnitude (sinf and cosf beyond 105,615), where a three-part
// pi/2 no longer reduces exactly, are reduced with 2/pi's bits
// (far_sine), in a function of their own that calls nothing.
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

// The nearest integer to X, ties to even (the rounding mode's): one
// cvt.rni on nvptx.  Not X + 1.5 * 2^23 - 1.5 * 2^23 with an empty asm
// between, which kept -ffast-math from cancelling the two: GCC merges no
// asm statements, so a sin and a cos of one argument each reduced it.
inline float nearest_integer(float x) { return __builtin_nearbyintf(x); }
inline double nearest_integer(double x) { return __builtin_nearbyint(x); }

// 2^K as a float, for -126 <= K <= 127.
inline float power_of_two(int k) {
  return from_bits(static_cast<unsigned>(k + 127) << 23);
}

} // namespace ferry::direct::maths

namespace ferry::direct {

namespace maths {

// (e^R - 1 - R) / R^2 for |R| <= ln2/2: e^R's Taylor series to R^13, whose
// remainder is under 2^-58 there, past its first two terms.
inline double exp_series_past_linear(double r) {
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
  return p * r + 0.5;
}


// 2^K as a double, for -1022 <= K <= 1023.
inline double double_power_of_two(int k) {
  return __builtin_bit_cast(double, static_cast<unsigned long long>(k + 1023)
                                        << 52);
}

// A double-double: HIGH + LOW, |LOW| at most half an ulp of HIGH.
struct TwoDoubles {
  double high, low;
};

// A + B exactly (Knuth's two-sum).  The empty asm keeps -ffast-math from
// cancelling the terms that recover the rounding.
inline TwoDoubles two_sum(double a, double b) {
  double sum = a + b;
  asm("" : "+r"(sum));
  const double b_part = sum - a;
  return {sum, (a - (sum - b_part)) + (b - b_part)};
}

// e^(T + T_LOW), T_LOW under an ulp of T, for -745.2 < T < 709.8 (exp and
// pow): T = k ln2 + r with ln2's first part exact in k ln2 and r as two
// doubles, e^r = 1 + r + r^2/2 + ... with 1 + r added exactly: within
// about half an ulp of the double before its scaling by 2^k.
inline double precise_exp(double t, double t_low) {
  const double k = nearest_integer(t * 1.4426950408889634);
  const double ln2_high = 6.93147180369123816490e-01; // 21 zero bits
  const double ln2_low = 1.90821492927058770002e-10;
  const TwoDoubles r = two_sum(t - k * ln2_high, -k * ln2_low);
  const double r_low = r.low + t_low;
  const double x = r.high;
  // e^(x + r_low) = (1 + x + q) (1 + r_low), q the series past 1 + x.
  const double q = exp_series_past_linear(x) * x * x;
  const TwoDoubles one_plus_x = two_sum(1.0, x);
  const double value =
      one_plus_x.high + (one_plus_x.low + (q + r_low * (1.0 + x + q)));
  const long long n = static_cast<long long>(k), half = n / 2;
  return value * double_power_of_two(static_cast<int>(half)) *
         double_power_of_two(static_cast<int>(n - half));
}

} // namespace maths

// exp for the direct entries: newlib's, which the device code would call
// otherwise, takes a stack frame on its overflow path, and a direct launch
// has none.  pow's precise_exp, with the library's values beyond the
// range.
inline double exp(double x) {
  if (!(x == x))
    return x;
  if (x > 709.782712893384)
    return __builtin_inf();
  if (x < -745.1332191019412)
    return 0.0;
  return maths::precise_exp(x, 0.0);
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

// log: newlib's is fdlibm's, which splits its argument through a union
// and calls through the ABI.  The same method in registers: x = 2^k m,
// m in [sqrt(2)/2, sqrt(2)), f = m - 1, log(1 + f) = 2 atanh(s) with s =
// f / (2 + f), as logf below: under 1 ulp.
inline double log(double x) {
  unsigned long long bits = __builtin_bit_cast(unsigned long long, x);
  int exponent = 0;
  if (bits < 0x0010000000000000ULL || bits >> 63) { // subnormal, 0, negative
    if ((bits << 1) == 0)
      return -__builtin_inf();                   // log(+-0)
    if (bits >> 63)
      return (x - x) / 0.0;                      // NaN
    x *= 18014398509481984.0;                    // 2^54: now normal
    exponent = -54;
    bits = __builtin_bit_cast(unsigned long long, x);
  } else if (bits >= 0x7ff0000000000000ULL) {
    return x;                                    // +inf or NaN
  }
  // Adding 1 - sqrt(2)/2's significand carries m from [sqrt(2)/2, 1) into
  // the next exponent, so that m - 1 is small on both sides of 1.
  const unsigned long long sqrt_half = 0x3fe6a09e667f3bcdULL;
  bits += 0x3ff0000000000000ULL - sqrt_half;
  exponent += static_cast<int>(bits >> 52) - 1023;
  const double f =
      __builtin_bit_cast(double, (bits & 0x000fffffffffffffULL) + sqrt_half) -
      1.0;
  const double s = f / (2.0 + f), z = s * s, w = z * z;
  const double r = w * (3.999999999940941908e-01 +
                        w * (2.222219843214978396e-01 +
                             w * 1.531383769920937332e-01)) +
                   z * (6.666666666666735130e-01 +
                        w * (2.857142874366239149e-01 +
                             w * (1.818357216161805012e-01 +
                                  w * 1.479819860511658591e-01)));
  const double half_square = 0.5 * f * f, k = exponent;
  return k * 6.93147180369123816490e-01 -
         ((half_square - (s * (half_square + r) + k * 1.90821492927058770002e-10)) -
          f); // ln2 in two parts
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

// sin (COSINE 0) or cos (COSINE 1) of QUADRANT pi/2 + R, by QUADRANT's
// last two bits: cos(x) = sin(x + pi/2).  Both polynomials, then a
// choice, not a branch: lanes of a warp in different quadrants would run
// both branches one after the other anyway, and a sin and a cos of one
// argument (RSBench's, a complex exponential's) then share all their
// work, the reduction and both polynomials, where GCC merges them.
template <class T> T from_quadrant(T r, int quadrant, int cosine) {
  quadrant += cosine;
  const T sine = sine_near_zero(r), cosine_value = cosine_near_zero(r);
  const T value = quadrant & 1 ? cosine_value : sine;
  return quadrant & 2 ? -value : value;
}

// The 64-bit word whose bytes, most significant first, start at BYTES
// (a string constant's: see two_over_pi_word).
inline unsigned long long big_endian_word(const char *bytes) {
  unsigned long long word = 0;
  for (int k = 0; k < 8; ++k)
    word = word << 8 | static_cast<unsigned char>(bytes[k]);
  return word;
}

// 64 bits of 2/pi's binary fraction: word I >= 1 holds its bits 64(I - 1)
// + 1 to 64 I, word 0 the zeros before the point, and words past 19 (no
// double needs them) are 0.  Bytes of a string constant, not an array or a
// switch (which GCC makes an array): an array inside `omp declare target`
// is a variable of the offload table (see reducible(float)).
inline unsigned long long two_over_pi_word(int i) {
  const char *bytes =
      "\x00\x00\x00\x00\x00\x00\x00\x00\xA2\xF9\x83\x6E\x4E\x44\x15\x29"
      "\xFC\x27\x57\xD1\xF5\x34\xDD\xC0\xDB\x62\x95\x99\x3C\x43\x90\x41"
      "\xFE\x51\x63\xAB\xDE\xBB\xC5\x61\xB7\x24\x6E\x3A\x42\x4D\xD2\xE0"
      "\x06\x49\x2E\xEA\x09\xD1\x92\x1C\xFE\x1D\xEB\x1C\xB1\x29\xA7\x3E"
      "\xE8\x82\x35\xF5\x2E\xBB\x44\x84\xE9\x9C\x70\x26\xB4\x5F\x7E\x41"
      "\x39\x91\xD6\x39\x83\x53\x39\xF4\x9C\x84\x5F\x8B\xBD\xF9\x28\x3B"
      "\x1F\xF8\x97\xFF\xDE\x05\x98\x0F\xEF\x2F\x11\x8B\x5A\x0A\x6D\x1F"
      "\x6D\x36\x7E\xCF\x27\xCB\x09\xB7\x4F\x46\x3F\x66\x9E\x5F\xEA\x2D"
      "\x75\x27\xBA\xC7\xEB\xE5\xF1\x7B\x3D\x07\x39\xF7\x8A\x52\x92\xEA"
      "\x6B\xFB\x5F\xB1\x1F\x8D\x5D\x08\x56\x03\x30\x46\xFC\x7B\x6B\xAB";
  return i > 19 ? 0 : big_endian_word(bytes + 8 * i);
}

// The 64 bits of 2/pi's fraction that start at bit P + 1 - 64 (bit 1 is
// the first after the point; those before it are 0).
inline unsigned long long two_over_pi_bits(int p) {
  const int word = p / 64, shift = p % 64;
  const unsigned long long high = two_over_pi_word(word) << shift;
  return shift ? high | two_over_pi_word(word + 1) >> (64 - shift) : high;
}

// The high and low halves of A * B, from 32-bit halves (a 128-bit type
// is not every offload target's).
struct Wide {
  unsigned long long high, low;
};
inline Wide wide_product(unsigned long long a, unsigned long long b) {
  const unsigned long long mask = 0xffffffffULL;
  const unsigned long long ll = (a & mask) * (b & mask),
                           lh = (a & mask) * (b >> 32),
                           hl = (a >> 32) * (b & mask),
                           hh = (a >> 32) * (b >> 32);
  const unsigned long long middle = (ll >> 32) + (lh & mask) + (hl & mask);
  return {hh + (lh >> 32) + (hl >> 32) + (middle >> 32),
          (middle << 32) | (ll & mask)};
}

// Whether X is neither infinite nor NaN, by its bits (-ffinite-math-only
// would fold a test of its value).
inline bool finite(float x) { return (to_bits(x) & 0x7f800000u) != 0x7f800000u; }
inline bool finite(double x) {
  const unsigned long long mask = 0x7ff0000000000000ULL;
  return (__builtin_bit_cast(unsigned long long, x) & mask) != mask;
}

// sin(X) (COSINE 0) or cos(X) (COSINE 1) for |X| > 2^30, reduced by
// pi/2 exactly (Payne and Hanek): X = m 2^(e - 52) with m an integer of 53
// bits, times the 192 bits of 2/pi that follow those whose products with m
// are multiples of 8, is the quadrant (mod 8) and its fraction to 125 bits,
// enough for the closest a double comes to a multiple of pi/2 (2^-61); an
// infinite or NaN X gives NaN.  A function of its own and not inlined: it
// is the rare path, and it should not cost a loop that takes only the
// reduction in three parts registers.  `const` (it reads only 2/pi's
// constant bits), so that GCC merges its calls of one argument as it
// merges the inlined path's work (sine, below).
__attribute__((noinline, const)) inline double far_sine(double x, int cosine) {
  if (!finite(x))
    return x - x;
  const unsigned long long bits = __builtin_bit_cast(unsigned long long, x);
  const int exponent = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  const unsigned long long m = (bits & 0xfffffffffffffULL) | 1ULL << 52;
  // 2/pi's bits from bit exponent - 54 on, as word positions from 63 before.
  const int first = exponent - 54 + 63;
  const Wide p0 = wide_product(m, two_over_pi_bits(first)),
             p1 = wide_product(m, two_over_pi_bits(first + 64)),
             p2 = wide_product(m, two_over_pi_bits(first + 128));
  // m times the 192 bits, from bit 64 up (bits 189 to 191 the quadrant).
  const unsigned long long r1 = p2.high + p1.low;
  const unsigned long long r2 = p1.high + p0.low + (r1 < p1.low);
  int quadrant = static_cast<int>(r2 >> 61);
  unsigned long long high = r2 << 3 | r1 >> 61, low = r1 << 3 | p2.low >> 61;
  // The nearest quadrant: a fraction from 1/2 up counts from the next.
  const bool below = high >> 63;
  if (below) {
    quadrant += 1;
    high = ~high + (low == 0);
    low = ~low + 1;
  }
  const int lead = high ? __builtin_clzll(high) : 64;
  if (lead == 64) {
    high = low;
    low = 0;
  } else if (lead) {
    high = high << lead | low >> (64 - lead);
    low <<= lead;
  }
  // The fraction as a + b (a's 53 bits exact), then times pi/2 with the
  // product's rounding error added back.
  const double scale = double_power_of_two(-64 - (lead == 64 ? 64 : lead));
  const double a = static_cast<double>(high & ~0x7ffULL) * scale;
  const double b = (static_cast<double>(high & 0x7ff) +
                    static_cast<double>(low) * 5.42101086242752217e-20) *
                   scale; // 2^-64
  const double pi_2_high = 1.5707963267948966, pi_2_low = 6.123233995736766e-17;
  const double product = a * pi_2_high;
  double r = product + (__builtin_fma(a, pi_2_high, -product) +
                        (a * pi_2_low + b * pi_2_high));
  const double value = from_quadrant(below ? -r : r, quadrant, cosine);
  return !cosine && x < 0 ? -value : value; // sin is odd, cos even
}

// The same for a float beyond 105,615 (not inlined either): in double, by
// the three-part reduction up to 2^30.
__attribute__((noinline, const)) inline float far_sine(float x, int cosine) {
  const double wide = x;
  if (!reducible(wide))
    return static_cast<float>(far_sine(wide, cosine));
  const Reduced<double> reduced = reduce(wide);
  return static_cast<float>(from_quadrant(reduced.r, reduced.quadrant, cosine));
}

// sine and cosine always inline: only where both are in the caller's body
// does GCC find a sin and a cos of one argument and merge their work (at
// -O2 it called each, and each reduced the argument).  Their common path
// is no branch: the reduction and polynomials run for every X (a large,
// infinite or NaN one as if it were 0), and only far_sine's call is
// conditional, so that GCC also merges the work of one argument's sines
// in different places (a complex exponential of a loop-invariant value in
// a loop GCC unrolls: ten sincos of one argument in RSBench's Faddeeva
// function, where each had been a branch of its own).
template <class T>
[[gnu::always_inline]] inline T near_quadrant(T x, int cosine) {
  const Reduced<T> reduced = reduce(reducible(x) ? x : T(0));
  return from_quadrant(reduced.r, reduced.quadrant, cosine);
}

template <class T> [[gnu::always_inline]] inline T sine(T x) {
  T value = near_quadrant(x, 0);
  // Only a zero X reduces to a zero, whose sign the polynomial loses; a
  // tiny X comes out as itself.  (Not a test of X's size: GCC would move
  // the work into the branch that needs it, where a cos of the same X
  // could not share it.)
  value = value == 0 ? x : value;
  return reducible(x) ? value : far_sine(x, 0);
}

template <class T> [[gnu::always_inline]] inline T cosine(T x) {
  const T value = near_quadrant(x, 1);
  return reducible(x) ? value : far_sine(x, 1);
}

} // namespace maths

inline float sinf(float x) { return maths::sine(x); }
inline float cosf(float x) { return maths::cosine(x); }
// In double, newlib's take a stack frame and, for all but the smallest
// arguments, call __ieee754_rem_pio2 and its kernels (RSBench's lookup:
// nine sincos calls).
inline double sin(double x) { return maths::sine(x); }
inline double cos(double x) { return maths::cosine(x); }

// A if WHICH, else B, by their bits: no branch for GCC to copy the work
// that follows into (see atan).
inline double choose(bool which, double a, double b) {
  const unsigned long long mask = 0ULL - which;
  return __builtin_bit_cast(double,
                            (__builtin_bit_cast(unsigned long long, a) & mask) |
                                (__builtin_bit_cast(unsigned long long, b) & ~mask));
}

// atan: newlib's is fdlibm's, whose breakpoints and tails sit in tables in
// memory, called through the ABI in the loop that needs it (RSBench's
// three a lookup).  The same method in registers: x reduced to |t| <=
// 7/16 about 0, 1/2, 1, 3/2 or infinity (atan(x) = atan(c) + atan((x -
// c) / (1 + c x))), the odd series of t by fdlibm's minimax coefficients,
// and atan(c) in two parts: under 1 ulp, newlib's values but for the
// division's and the polynomial's rounding.
inline double atan(double x) {
  const double magnitude = __builtin_fabs(x);
  if (!(magnitude < 7.3786976294838206e19)) // 2^66: atan(x) rounds to pi/2
    return magnitude == magnitude ? __builtin_copysign(1.5707963267948966, x)
                                  : x + x;
  if (magnitude < 3.7252902984e-09) // 2^-28: atan(x) rounds to x
    return x;
  // One division, its operands chosen by their bits: lanes of a warp in
  // different intervals ran a branch each, one division after another
  // (RSBench's atan of a nuclide's phases), and a choice GCC can see
  // through it threads back into a division a branch.
  const bool small = magnitude < 0.4375, near_half = magnitude < 0.6875,
             near_one = magnitude < 1.1875, near_three_halves = magnitude < 2.4375;
  const double numerator = choose(
      small, x,
      choose(near_half, 2.0 * magnitude - 1.0,
             choose(near_one, magnitude - 1.0,
                    choose(near_three_halves, magnitude - 1.5, -1.0))));
  const double denominator = choose(
      small, 1.0,
      choose(near_half, 2.0 + magnitude,
             choose(near_one, magnitude + 1.0,
                    choose(near_three_halves, 1.0 + 1.5 * magnitude,
                           magnitude))));
  const double t = numerator / denominator; // x itself when small
  // atan(c) in two parts.
  const double high =
      choose(near_half, 4.63647609000806093515e-01,
             choose(near_one, 7.85398163397448278999e-01,
                    choose(near_three_halves, 9.82793723247329054082e-01,
                           1.57079632679489655800e+00)));
  const double low =
      choose(near_half, 2.26987774529616870924e-17,
             choose(near_one, 3.06161699786838301793e-17,
                    choose(near_three_halves, 1.39033110312309984516e-17,
                           6.12323399573676603587e-17)));
  const double z = t * t, w = z * z;
  const double odd = z * (3.33333333333329318027e-01 +
                          w * (1.42857142725034663711e-01 +
                               w * (9.09088713343650656196e-02 +
                                    w * (6.66107313738753120669e-02 +
                                         w * (4.97687799461593236017e-02 +
                                              w * 1.62858201153657823623e-02)))));
  const double even = w * (-1.99999999998764832476e-01 +
                           w * (-1.11111104054623557880e-01 +
                                w * (-7.69187620504482999495e-02 +
                                     w * (-5.83357013379057348645e-02 +
                                          w * -3.65315727442169155270e-02))));
  if (small)
    return t - t * (odd + even);
  const double value = high - ((t * (odd + even) - low) - t);
  return x < 0 ? -value : value;
}

// atanf through the double: its error is the rounding to float.
inline float atanf(float x) { return static_cast<float>(atan(x)); }

namespace maths {

// Whether a power's edges decided it (C99's Annex F), and then its value;
// else whether the power of |x| it leaves is to be negated (a negative x
// to an odd power).
template <class T> struct PowerEdge {
  bool decided;
  T value;
  bool negate;
};

inline float truncated(float x) { return __builtin_truncf(x); }
inline double truncated(double x) { return __builtin_trunc(x); }

// pow(X, Y)'s value where Annex F gives it: any x to the power 0 and 1 to
// any y are 1 (NaNs too), zeros and infinities by y's sign and whether y
// is an odd integer, a negative x to a power that is not an integer NaN.
template <class T> PowerEdge<T> power_edge(T x, T y) {
  // From 2^24 (a float) or 2^53 (a double) on, every value is an even
  // integer.
  const T even_from = sizeof(T) == 4 ? T(16777216.0) : T(9007199254740992.0);
  const T inf = T(__builtin_inf());
  if (y == 0 || x == 1)
    return {true, 1, false};
  if (!(x == x) || !(y == y))
    return {true, x + y, false};
  const T y_magnitude = y < 0 ? -y : y, x_magnitude = x < 0 ? -x : x;
  const bool integer = y_magnitude >= even_from || truncated(y) == y;
  const bool odd = integer && y_magnitude < even_from &&
                   (static_cast<long long>(y) & 1) != 0;
  if (x_magnitude == 0) // +-0: +-inf, inf, +-0 or 0
    return {true, y < 0 ? (odd ? T(__builtin_copysign(inf, x)) : inf) : (odd ? x : T(0)),
            false};
  if (!finite(y)) // to +-inf: 1, 0 or inf by |x| against 1
    return {true, x_magnitude == 1 ? T(1) : (x_magnitude < 1) == (y < 0) ? inf : T(0),
            false};
  if (!finite(x)) { // +-inf
    const T value = y < 0 ? T(0) : inf;
    return {true, x < 0 && odd ? -value : value, false};
  }
  if (x < 0 && !integer)
    return {true, (x - x) / (x - x), false}; // NaN
  return {false, 0, x < 0 && odd};
}

// log(I / 32) for 23 <= I <= 45 as two doubles, big-endian bytes of a
// string constant (see two_over_pi_word).
inline TwoDoubles log_of_32nds(int i) {
  const char *bytes =
      "\xBF\xD5\x22\xAE\x07\x38\xA3\xD8\x3C\x68\xF7\xE9\xB3\x8A\x69\x79"
      "\xBF\xD2\x69\x62\x11\x34\xDB\x92\xBC\x7E\x0E\xFA\xDD\x9D\xB0\x2B"
      "\xBF\xCF\x99\x1C\x6C\xB3\xB3\x79\xBC\x6F\x66\x50\x66\xF9\x80\xA2"
      "\xBF\xCA\x93\xED\x3C\x8A\xD9\xE3\xBC\x6B\xCA\xFA\x9D\xE9\x72\x03"
      "\xBF\xC5\xBF\x40\x6B\x54\x3D\xB2\x3C\x21\xF5\xB4\x4C\x0D\xF7\xE7"
      "\xBF\xC1\x17\x8E\x82\x27\xE4\x7C\x3C\x50\xE6\x3A\x5F\x01\xC6\x91"
      "\xBF\xB9\x33\x5E\x5D\x59\x49\x89\x3C\x54\x78\xA8\x57\x04\xCC\xB7"
      "\xBF\xB0\x85\x98\xB5\x9E\x3A\x07\x3C\x5D\xD7\x00\x99\x02\xBF\x32"
      "\xBF\xA0\x41\x5D\x89\xE7\x44\x44\xBC\x4C\x05\xCF\x1D\x75\x36\x22"
      "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
      "\x3F\x9F\x82\x9B\x0E\x78\x33\x00\x3C\x33\x3E\x3F\x04\xF1\xEF\x23"
      "\x3F\xAF\x0A\x30\xC0\x11\x62\xA6\x3C\x48\x5F\x32\x5C\x5B\xBA\xCD"
      "\x3F\xB6\xF0\xD2\x8A\xE5\x6B\x4C\xBC\x59\x06\xD9\x91\x84\xB9\x92"
      "\x3F\xBE\x27\x07\x6E\x2A\xF2\xE6\xBC\x36\x15\x78\x00\x1E\x01\x62"
      "\x3F\xC2\x95\x52\xF8\x1F\xF5\x23\x3C\x63\x01\x77\x1C\x40\x7D\xBF"
      "\x3F\xC5\xFF\x30\x70\xA7\x93\xD4\xBC\x5B\xC6\x0E\xFA\xFC\x6F\x6E"
      "\x3F\xC9\x52\x5A\x9C\xF4\x56\xB4\x3C\x6D\x90\x4C\x1D\x4E\x2E\x26"
      "\x3F\xCC\x8F\xF7\xC7\x9A\x9A\x22\xBC\x64\xF6\x89\xF8\x43\x40\x12"
      "\x3F\xCF\xB9\x18\x6D\x5E\x3E\x2B\xBC\x6C\xAA\xAE\x64\xF2\x1A\xCB"
      "\x3F\xD1\x67\x5C\xAB\xAB\xA6\x0E\x3C\x2C\xE6\x3E\xAB\x88\x37\x17"
      "\x3F\xD2\xE8\xE2\xBA\xE1\x1D\x31\xBC\x78\xF4\xCD\xB9\x5E\xBD\xF9"
      "\x3F\xD4\x61\x8B\xC2\x1C\x5E\xC2\x3C\x7F\x42\xDE\xCD\xEC\xCF\x1D"
      "\x3F\xD5\xD1\xBD\xBF\x58\x09\xCA\x3C\x74\x23\x63\x83\xDC\x7F\xE1";
  const char *pair = bytes + 16 * (i - 23);
  return {__builtin_bit_cast(double, big_endian_word(pair)),
          __builtin_bit_cast(double, big_endian_word(pair + 8))};
}

// log(X) for a finite X > 0 as two doubles, to about 2^-64 of its value
// (pow multiplies the error by y, up to 745 / |log X|): x = 2^k m, m in
// [sqrt(2)/2, sqrt(2)), m = c + f with c = i/32 the nearest (f exact,
// |f| <= 1/64, and c = 1 near 1, where log(c) = 0 keeps the result's
// relative precision), log(m) = log(c) + 2 atanh(f / (c + m)), whose
// series past its first term is under 2^-13 of it.
inline TwoDoubles precise_log(double x) {
  unsigned long long bits = __builtin_bit_cast(unsigned long long, x);
  int exponent = 0;
  if (bits < 0x0010000000000000ULL) { // subnormal
    x *= 18014398509481984.0;         // 2^54
    exponent = -54;
    bits = __builtin_bit_cast(unsigned long long, x);
  }
  const unsigned long long sqrt_half = 0x3fe6a09e667f3bcdULL;
  bits += 0x3ff0000000000000ULL - sqrt_half;
  exponent += static_cast<int>(bits >> 52) - 1023;
  const double m =
      __builtin_bit_cast(double, (bits & 0x000fffffffffffffULL) + sqrt_half);
  const int i = static_cast<int>(nearest_integer(m * 32.0));
  const double c = i * 0.03125, f = m - c;
  const TwoDoubles denominator = two_sum(c, m);
  const double s = f / denominator.high;
  const double s_low =
      (__builtin_fma(-s, denominator.high, f) - s * denominator.low) /
      denominator.high;
  const double z = s * s;
  const double series =
      s * z * (2.0 / 3 + z * (2.0 / 5 + z * (2.0 / 7 + z * (2.0 / 9 + z * (2.0 / 11)))));
  const double k = exponent;
  const double ln2_high = 0.6931471805599453, ln2_low = 2.3190468138462996e-17;
  const double k_ln2 = k * ln2_high;
  const TwoDoubles table = log_of_32nds(i);
  const TwoDoubles first = two_sum(k_ln2, table.high);
  const TwoDoubles second = two_sum(first.high, 2.0 * s);
  const double low = first.low + second.low +
                     (__builtin_fma(k, ln2_high, -k_ln2) + k * ln2_low) +
                     table.low + (2.0 * s_low + series);
  return two_sum(second.high, low);
}

} // namespace maths

// pow: e^(y log|x|) with log|x| and the product to twice a double's
// precision (an error e in y log|x| is an error e in the result, and y
// log|x| reaches 745), and the C library's values at the edges.  newlib's
// is a call with its constants in tables in memory.
inline double pow(double x, double y) {
  using namespace maths;
  const PowerEdge<double> edge = power_edge(x, y);
  if (edge.decided)
    return edge.value;
  const TwoDoubles logarithm = precise_log(__builtin_fabs(x));
  const double t = y * logarithm.high;
  double value;
  if (t > 709.8)
    value = __builtin_inf();
  else if (t < -745.2)
    value = 0.0;
  else
    value = precise_exp(t, __builtin_fma(y, logarithm.high, -t) + y * logarithm.low);
  return edge.negate ? -value : value;
}

// powf through the double: e^(y log|x|) by this header's log and exp
// (their errors a few double ulp, far below a float's last bit), with
// the C library's values at the edges (power_edge).  newlib's is a call
// with the exponent split through memory (bench/device_math: 4.2 times
// CUDA's time).
inline float powf(float x, float y) {
  using namespace maths;
  const PowerEdge<float> edge = power_edge(x, y);
  if (edge.decided)
    return edge.value;
  const float value = static_cast<float>(
      exp(static_cast<double>(y) * log(static_cast<double>(__builtin_fabsf(x)))));
  return edge.negate ? -value : value;
}

} // namespace ferry::direct

#endif
