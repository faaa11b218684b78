// Unit tests of the device code of <ferry/direct.hpp> that runs the same on
// the host: the frame-free exp that the direct entries use instead of
// newlib's, and the combining operations of reductions and atomics.  (The
// PTX parts are checked in tools/direct_entries.sh and on the GPU.)
#define BOOST_TEST_MODULE direct_device_math
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include <ferry/direct.hpp>

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
