// Unit tests of the device code of <ferry/direct.hpp> that runs the same on
// the host: the maths the device entries use instead of newlib's
// (<ferry/device_maths.hpp>: exp, log, sin, cos, atan, pow, expf, logf,
// sinf, cosf, atanf, powf), the combining operations of reductions and
// atomics, and the word updates of 1- and 2-byte numbers.  (The PTX parts
// are checked in tools/direct_entries.sh and on the GPU.)
#define BOOST_TEST_MODULE direct_device_math
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include <ferry/direct.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace direct = ferry::direct;

namespace {

double ulps_between(double computed, double exact) {
  if (computed == exact)
    return 0;
  const double ulp =
      std::nextafter(exact, std::numeric_limits<double>::infinity()) - exact;
  return std::fabs(computed - exact) / ulp;
}

// The error of a float COMPUTED in units of the last place of EXACT, a
// double, rounded to float (subnormals' ulp is 2^-149).
double float_ulps(float computed, double exact) {
  int exponent;
  std::frexp(exact, &exponent);
  const double ulp = std::ldexp(1.0, std::max(exponent - 24, -149));
  return std::fabs(double(computed) - exact) / ulp;
}

// The largest error of F against EXACT at COUNT evenly spaced points of
// [LOW, HIGH].
template <typename F, typename Exact>
double worst_float_ulps(F f, Exact exact, float low, float high, int count) {
  double worst = 0;
  for (int i = 0; i <= count; ++i) {
    const float x = low + float((double(high) - low) * i / count);
    worst = std::max(worst, float_ulps(f(x), exact(double(x))));
  }
  return worst;
}

} // namespace

BOOST_AUTO_TEST_CASE(exp_is_within_two_ulp_over_the_whole_range) {
  double worst = 0, worst_at = 0;
  for (double x = -745.1; x < 709.7; x += 0.0173) {
    const double error = ulps_between(direct::exp(x), std::exp(x));
    if (error > worst) {
      worst = error;
      worst_at = x;
    }
  }
  BOOST_TEST_INFO("worst at x = " << worst_at);
  BOOST_TEST(worst <= 2.0);
}

BOOST_AUTO_TEST_CASE(exp_handles_the_edges) {
  BOOST_TEST(direct::exp(0.0) == 1.0);
  BOOST_TEST(std::isinf(direct::exp(710.0)));
  BOOST_TEST(direct::exp(-746.0) == 0.0);
  BOOST_TEST(std::isnan(direct::exp(std::nan(""))));
  BOOST_TEST(ulps_between(direct::exp(-740.0), std::exp(-740.0)) <= 2.0);
}

// CUDA's bound for expf, sinf and cosf; measured: 1.05, 0.76, 1.47, 1.51.
BOOST_AUTO_TEST_CASE(float_functions_are_within_two_ulp) {
  auto exp = [](double x) { return std::exp(x); };
  auto log = [](double x) { return std::log(x); };
  auto sin = [](double x) { return std::sin(x); };
  auto cos = [](double x) { return std::cos(x); };
  const int count = 300000;
  BOOST_TEST(worst_float_ulps(direct::expf, exp, -103.9f, 88.72f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::expf, exp, -0.5f, 0.5f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::logf, log, 1e-44f, 1e-37f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::logf, log, 0.25f, 4.0f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::logf, log, 1.0f, 3e38f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::sinf, sin, -105615.0f, 105615.0f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::sinf, sin, -7.0f, 7.0f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::cosf, cos, -105615.0f, 105615.0f, count) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::cosf, cos, -7.0f, 7.0f, count) <= 2.0);
}

// The error of a double COMPUTED in units of the last place of EXACT, a
// long double (x86's, 11 more bits), rounded to double.
double double_ulps(double computed, long double exact) {
  int exponent;
  std::frexp(double(exact), &exponent);
  const long double ulp = std::ldexp(1.0L, std::max(exponent - 53, -1074));
  return double(std::fabs((long double)computed - exact) / ulp);
}

template <typename F, typename Exact>
double worst_double_ulps(F f, Exact exact, double low, double high, int count) {
  double worst = 0;
  for (int i = 0; i <= count; ++i) {
    const double x = low + (high - low) * i / count;
    worst = std::max(worst, double_ulps(f(x), exact(x)));
  }
  return worst;
}

// CUDA's bound for sin and cos in double, over the three-part reduction's
// range, near 0, and at the doubles nearest to multiples of pi/2, where
// the reduction cancels most.
BOOST_AUTO_TEST_CASE(double_sin_and_cos_are_within_two_ulp) {
  auto sin = [](double x) { return direct::sin(x); };
  auto cos = [](double x) { return direct::cos(x); };
  auto exact_sin = [](double x) { return std::sin((long double)x); };
  auto exact_cos = [](double x) { return std::cos((long double)x); };
  const int count = 300000;
  for (const double high : {1073741824.0, 1000.0, 7.0, 1e-3}) {
    BOOST_TEST_INFO("over [-" << high << ", " << high << "]");
    BOOST_TEST(worst_double_ulps(sin, exact_sin, -high, high, count) <= 2.0);
    BOOST_TEST(worst_double_ulps(cos, exact_cos, -high, high, count) <= 2.0);
  }
  double worst = 0;
  for (long long k = 1; k < (1LL << 30); k = k * 3 / 2 + 1) {
    const double x = double(k * 1.5707963267948966192313216916397514L);
    worst = std::max({worst, double_ulps(sin(x), exact_sin(x)),
                      double_ulps(cos(x), exact_cos(x))});
  }
  BOOST_TEST(worst <= 2.0);
}

// The C library's values where there is no rounding to compare.
BOOST_AUTO_TEST_CASE(float_functions_handle_the_edges) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  BOOST_TEST(direct::expf(0.0f) == 1.0f);
  BOOST_TEST(direct::expf(88.7228317f) < inf);
  BOOST_TEST(std::isinf(direct::expf(88.7228394f)));
  BOOST_TEST(direct::expf(-103.98f) == 0.0f);
  BOOST_TEST(direct::expf(-103.9f) > 0.0f); // subnormal, not flushed
  BOOST_TEST(direct::expf(-inf) == 0.0f);
  BOOST_TEST(std::isnan(direct::expf(nan)));
  BOOST_TEST(direct::logf(1.0f) == 0.0f);
  BOOST_TEST(direct::logf(0.0f) == -inf);
  BOOST_TEST(direct::logf(-0.0f) == -inf);
  BOOST_TEST(direct::logf(inf) == inf);
  BOOST_TEST(std::isnan(direct::logf(-1.0f)));
  BOOST_TEST(std::isnan(direct::logf(nan)));
  BOOST_TEST(std::signbit(direct::sinf(-0.0f)));
  BOOST_TEST(direct::sinf(1e-30f) == 1e-30f);
  BOOST_TEST(direct::cosf(0.0f) == 1.0f);
  BOOST_TEST(std::isnan(direct::sinf(inf)));
  BOOST_TEST(std::isnan(direct::cosf(nan)));
  BOOST_TEST(std::isnan(direct::sinf(-inf)));
  BOOST_TEST(std::isnan(direct::cosf(inf)));
  BOOST_TEST(std::signbit(direct::sin(-0.0)));
  BOOST_TEST(direct::sin(1e-300) == 1e-300);
  BOOST_TEST(direct::cos(0.0) == 1.0);
  BOOST_TEST(std::isnan(direct::sin(std::numeric_limits<double>::infinity())));
  BOOST_TEST(std::isnan(direct::cos(-std::numeric_limits<double>::infinity())));
  BOOST_TEST(std::isnan(direct::cos(std::nan(""))));
}

// Beyond 2^30 (105,615 for a float) sin and cos reduce with 2/pi's bits:
// within 2 ulp over every exponent, at the double closest to a multiple
// of pi/2 (6381956970095103 * 2^797, 2^-61 away), and at the largest.
BOOST_AUTO_TEST_CASE(sin_and_cos_of_large_arguments_are_within_two_ulp) {
  std::mt19937_64 random(52);
  double worst = 0, worst_at = 0;
  auto check = [&](double x) {
    for (const double error :
         {double_ulps(direct::sin(x), std::sin((long double)x)),
          double_ulps(direct::cos(x), std::cos((long double)x))})
      if (error > worst) {
        worst = error;
        worst_at = x;
      }
  };
  for (int i = 0; i < 200000; ++i) {
    // A random significand at a random exponent from 2^30 to 2^1023.
    const double significand = 1.0 + double(random() >> 12) * 0x1p-52;
    const double x = std::ldexp(significand, 30 + int(random() % 994));
    check(i % 2 ? -x : x);
  }
  check(std::ldexp(6381956970095103.0, 797));
  check(std::numeric_limits<double>::max());
  check(-1073741825.0);
  BOOST_TEST_INFO("worst at x = " << worst_at);
  BOOST_TEST(worst <= 2.0);
  auto sin = [](double x) { return std::sin(x); };
  auto cos = [](double x) { return std::cos(x); };
  BOOST_TEST(worst_float_ulps(direct::sinf, sin, 105616.0f, 3e38f, 100000) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::cosf, cos, -3e38f, -105616.0f, 100000) <= 2.0);
  BOOST_TEST(worst_float_ulps(direct::sinf, sin, -2e9f, -105616.0f, 100000) <= 2.0);
}

// atan within 1 ulp (fdlibm's method, as newlib's) on both sides of each
// breakpoint of its reduction and over the whole range; its edges.
BOOST_AUTO_TEST_CASE(atan_is_within_one_ulp) {
  auto atan = [](double x) { return direct::atan(x); };
  auto exact = [](double x) { return std::atan((long double)x); };
  for (const double high : {1e-8, 0.44, 0.7, 1.2, 2.5, 100.0, 1e20})
    BOOST_TEST(worst_double_ulps(atan, exact, -high, high, 200000) <= 1.0,
               "over [-" << high << ", " << high << "]");
  const double inf = std::numeric_limits<double>::infinity();
  BOOST_TEST(direct::atan(inf) == 1.5707963267948966);
  BOOST_TEST(direct::atan(-1e300) == -1.5707963267948966);
  BOOST_TEST(std::isnan(direct::atan(std::nan(""))));
  BOOST_TEST(std::signbit(direct::atan(-0.0)));
  BOOST_TEST(direct::atan(1e-30) == 1e-30);
  auto atanf_exact = [](double x) { return std::atan(x); };
  BOOST_TEST(worst_float_ulps(direct::atanf, atanf_exact, -30.0f, 30.0f, 300000) <= 1.0);
}

BOOST_AUTO_TEST_CASE(combine_follows_the_cpp_operators) {
  using direct::op;
  BOOST_TEST(direct::combine<op::plus>(2.5, 1) == 3.5);
  BOOST_TEST(direct::combine<op::minus>(7u, 9u) == 7u - 9u);
  BOOST_TEST(direct::combine<op::times>(3, 4) == 12);
  BOOST_TEST(direct::combine<op::divide>(7, 2) == 3);
  BOOST_TEST(direct::combine<op::bit_and>(12, 10) == 8);
  BOOST_TEST(direct::combine<op::bit_or>(12, 10) == 14);
  BOOST_TEST(direct::combine<op::bit_xor>(12, 10) == 6);
  BOOST_TEST(direct::combine<op::shift_left>(3, 2) == 12);
  BOOST_TEST(direct::combine<op::min>(3.0, -1.0) == -1.0);
  BOOST_TEST(direct::combine<op::max>(3.0, -1.0) == 3.0);
  // int += double converts the sum, as `y[i] += 2.5` does.
  BOOST_TEST(direct::combine<op::plus>(1, 2.5) == 3);
}

BOOST_AUTO_TEST_CASE(hardware_add_only_where_the_sum_keeps_its_type) {
  BOOST_TEST((direct::adds_in_hardware<double, double>()));
  BOOST_TEST((direct::adds_in_hardware<unsigned, unsigned>()));
  BOOST_TEST((direct::adds_in_hardware<long, long>()));
  BOOST_TEST(!(direct::adds_in_hardware<int, double>()));
  BOOST_TEST(!(direct::adds_in_hardware<short, short>()));
}

// log within 1 ulp (fdlibm's method, as newlib's) over the whole range,
// subnormals included, and near 1, where it cancels; its edges.
BOOST_AUTO_TEST_CASE(log_is_within_one_ulp) {
  auto log = [](double x) { return direct::log(x); };
  auto exact = [](double x) { return std::log((long double)x); };
  BOOST_TEST(worst_double_ulps(log, exact, 0.5, 2.0, 300000) <= 1.0);
  BOOST_TEST(worst_double_ulps(log, exact, 0.999, 1.001, 300000) <= 1.0);
  BOOST_TEST(worst_double_ulps(log, exact, 1.0, 1e300, 300000) <= 1.0);
  BOOST_TEST(worst_double_ulps(log, exact, 1e-320, 1e-300, 300000) <= 1.0);
  const double inf = std::numeric_limits<double>::infinity();
  BOOST_TEST(direct::log(1.0) == 0.0);
  BOOST_TEST(direct::log(0.0) == -inf);
  BOOST_TEST(direct::log(-0.0) == -inf);
  BOOST_TEST(direct::log(inf) == inf);
  BOOST_TEST(std::isnan(direct::log(-1.0)));
  BOOST_TEST(std::isnan(direct::log(-inf)));
  BOOST_TEST(std::isnan(direct::log(std::nan(""))));
}

// POWER(x, y) against the C library's pow at every pair of VALUES: NaN
// where it is NaN, the same zero or infinity, sign included, and within
// 1 ulp elsewhere.
template <class T, std::size_t N>
void check_powers_of_special_values(T (*power)(T, T), const T (&values)[N]) {
  for (const T x : values)
    for (const T y : values) {
      const T ours = power(x, y), library = std::pow(x, y);
      BOOST_TEST_INFO("pow(" << x << ", " << y << ")");
      if (std::isnan(library))
        BOOST_TEST(std::isnan(ours));
      else if (library == 0 || std::isinf(library))
        BOOST_TEST((ours == library && std::signbit(ours) == std::signbit(library)));
      else if constexpr (sizeof(T) == 4)
        BOOST_TEST(float_ulps(ours, library) <= 1.0);
      else
        BOOST_TEST(double_ulps(ours, library) <= 1.0);
    }
}

// powf within 1 ulp of the exact power over bases and exponents that
// reach the ends of the range (overflow, subnormal results), and the C
// library's value, sign included, at every pair of the special values.
BOOST_AUTO_TEST_CASE(powf_is_within_one_ulp_and_keeps_the_special_values) {
  std::mt19937 random(53);
  std::uniform_real_distribution<float> base(0.0f, 8.0f), power(-60.0f, 60.0f);
  double worst = 0;
  for (int i = 0; i < 300000; ++i) {
    const float x = base(random), y = power(random);
    const double exact = std::pow((long double)x, (long double)y);
    if (exact < 3.4e38)
      worst = std::max(worst, float_ulps(direct::powf(x, y), exact));
  }
  BOOST_TEST(worst <= 1.0);
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float values[] = {0.0f, -0.0f, 1.0f, -1.0f, 2.0f, -2.0f, 0.5f, -0.5f,
                          3.0f, -3.0f, 2.5f, -2.5f, 1e30f, -1e30f, 1e-30f,
                          -1e-30f, 16777216.0f, -16777217.0f, 33554432.0f,
                          inf, -inf, nan};
  check_powers_of_special_values<float>(direct::powf, values);
}

// pow within 1 ulp (measured 0.65) where y log|x| reaches the ends of the
// range, near 1 with large exponents (where the logarithm's own error
// would be multiplied), negative bases to integer powers, subnormal
// results; the C library's value, sign included, at every pair of the
// special values.
BOOST_AUTO_TEST_CASE(pow_is_within_one_ulp_and_keeps_the_special_values) {
  std::mt19937_64 random(54);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double worst = 0, worst_x = 0, worst_y = 0;
  auto check = [&](double x, double y) {
    const long double exact = std::pow((long double)x, (long double)y);
    if (!(std::fabs(exact) < 1.7e308L))
      return;
    const double error = double_ulps(direct::pow(x, y), exact);
    if (error > worst) {
      worst = error;
      worst_x = x;
      worst_y = y;
    }
  };
  for (int i = 0; i < 100000; ++i) {
    const double x = std::ldexp(1.0 + unit(random), int(random() % 2000) - 1000);
    check(x, (2 * unit(random) - 1) * 740 / std::fabs(std::log(x)));
    check(1.0 + (unit(random) - 0.5) * 1e-6, (2 * unit(random) - 1) * 1e8);
    check(-10 * unit(random), std::round((2 * unit(random) - 1) * 50));
  }
  BOOST_TEST_INFO("worst at pow(" << worst_x << ", " << worst_y << ")");
  BOOST_TEST(worst <= 1.0);
  const double inf = std::numeric_limits<double>::infinity();
  const double values[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0,
                           -3.0, 2.5, -2.5, 1e300, -1e300, 1e-300, -1e-300,
                           9007199254740992.0, -9007199254740993.0 + 2,
                           1e20, inf, -inf, std::nan("")};
  check_powers_of_special_values<double>(direct::pow, values);
}

// Updates of 1- and 2-byte numbers as a compare-and-swap of their 32-bit
// word (atomic_apply_in_word), from host threads at once: every update
// lands, and the neighbours in the word keep their bytes, negative values
// included (GCC 12's nvptx atomics lost both on an H100).
template <class T> void hammer_words(T first, T neighbour) {
  using direct::op;
  alignas(4) T word[8];
  for (T &v : word)
    v = neighbour;
  word[0] = first;
  word[2] = first;
  const int updates = 4000;
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < updates; ++i) {
    direct::atomic_apply<op::plus>(&word[0], 1);
    direct::atomic_apply<op::minus>(&word[2], 1);
    direct::atomic_apply<op::bit_xor>(&word[5], 1);
  }
  BOOST_TEST(word[0] == static_cast<T>(first + updates));
  BOOST_TEST(word[2] == static_cast<T>(first - updates));
  BOOST_TEST(word[5] == neighbour); // an even count of flips
  for (int k : {1, 3, 4, 6, 7})
    BOOST_TEST(word[k] == neighbour);
}

BOOST_AUTO_TEST_CASE(narrow_updates_keep_their_word) {
  hammer_words<short>(-4000, -3);
  hammer_words<unsigned short>(5000, 65535);
  hammer_words<signed char>(-100, -1);
  hammer_words<char>(7, 3);
  hammer_words<char16_t>(9000, 2);
  // The value before the update comes back, as a capture takes it.
  short x = -7;
  BOOST_TEST(direct::atomic_apply<direct::op::times>(&x, 3) == -7);
  BOOST_TEST(x == -21);
}
