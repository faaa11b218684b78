// Unit tests of the device code of <ferry/direct.hpp> that runs the same on
// the host: the maths the device entries use instead of newlib's
// (<ferry/device_maths.hpp>: exp, sin, cos, expf, logf, sinf, cosf), and the
// combining operations of reductions and atomics.  (The
// PTX parts are checked in tools/direct_entries.sh and on the GPU.)
#define BOOST_TEST_MODULE direct_device_math
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include <ferry/direct.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

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
  // Beyond the three-part reduction, the C library's own values (volatile:
  // computed by the library at run time on both sides, not folded).
  volatile float large = 1e30f, negative = -3e6f;
  BOOST_TEST(direct::sinf(large) == ::sinf(large));
  BOOST_TEST(direct::cosf(negative) == ::cosf(negative));
  BOOST_TEST(std::signbit(direct::sin(-0.0)));
  BOOST_TEST(direct::sin(1e-300) == 1e-300);
  BOOST_TEST(direct::cos(0.0) == 1.0);
  BOOST_TEST(std::isnan(direct::sin(std::numeric_limits<double>::infinity())));
  BOOST_TEST(std::isnan(direct::cos(std::nan(""))));
  volatile double huge = 1e300, beyond = -2e9;
  BOOST_TEST(direct::sin(huge) == ::sin(huge));
  BOOST_TEST(direct::cos(beyond) == ::cos(beyond));
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
