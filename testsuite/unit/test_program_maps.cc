// Unit tests of the sections the program's own data directives map
// (runtime/residency/program_maps.cc): how far a pointer's section reaches
// inside `target data` constructs, nested and ended, and between `target
// enter data` and `target exit data`, with their reference counts.
#define BOOST_TEST_MODULE program_maps
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "residency/program_maps.h"

using namespace ferry::rt;

namespace {

double a[100], b[100];

// GCC's map kinds (gomp-constants.h).
constexpr unsigned short kTo = 1, kFrom = 2, kToFrom = 3, kPointer = 4;
constexpr unsigned short kUseDevicePtr = 14;

} // namespace

BOOST_AUTO_TEST_CASE(a_data_construct_maps_its_sections_until_it_ends) {
  void *addresses[] = {a + 10, &a};
  std::size_t sizes[] = {50 * sizeof(double), 0};
  unsigned short kinds[] = {kToFrom, kPointer};
  BOOST_TEST(mapped_bytes_from(a + 20) == -1);
  begin_data_maps(2, addresses, sizes, kinds);
  BOOST_TEST(mapped_bytes_from(a + 10) == 50 * 8);
  BOOST_TEST(mapped_bytes_from(a + 20) == 40 * 8);
  BOOST_TEST(mapped_bytes_from(a + 59) == 8);
  BOOST_TEST(mapped_bytes_from(a + 60) == -1); // one past the section
  BOOST_TEST(mapped_bytes_from(a + 9) == -1);
  end_data_maps();
  BOOST_TEST(mapped_bytes_from(a + 20) == -1);
}

BOOST_AUTO_TEST_CASE(nested_constructs_end_innermost_first) {
  void *outer[] = {a};
  std::size_t outer_sizes[] = {100 * sizeof(double)};
  unsigned short outer_kinds[] = {kTo};
  void *inner[] = {b};
  std::size_t inner_sizes[] = {10 * sizeof(double)};
  unsigned short inner_kinds[] = {kFrom};
  begin_data_maps(1, outer, outer_sizes, outer_kinds);
  begin_data_maps(1, inner, inner_sizes, inner_kinds);
  BOOST_TEST(mapped_bytes_from(b + 5) == 5 * 8);
  BOOST_TEST(mapped_bytes_from(a + 99) == 8);
  end_data_maps();
  BOOST_TEST(mapped_bytes_from(b + 5) == -1);
  BOOST_TEST(mapped_bytes_from(a + 99) == 8);
  end_data_maps();
  BOOST_TEST(mapped_bytes_from(a + 99) == -1);
}

BOOST_AUTO_TEST_CASE(ferry_s_own_use_device_ptr_maps_nothing) {
  void *addresses[] = {a};
  std::size_t sizes[] = {0};
  unsigned short kinds[] = {kUseDevicePtr};
  begin_data_maps(1, addresses, sizes, kinds);
  BOOST_TEST(mapped_bytes_from(a) == -1);
  end_data_maps();
}

BOOST_AUTO_TEST_CASE(enter_data_lasts_until_its_last_exit) {
  void *addresses[] = {b};
  std::size_t sizes[] = {100 * sizeof(double)};
  unsigned short kinds[] = {kTo};
  enter_exit_maps(1, addresses, sizes, kinds, /*exit=*/false);
  enter_exit_maps(1, addresses, sizes, kinds, /*exit=*/false);
  BOOST_TEST(mapped_bytes_from(b + 50) == 50 * 8);
  enter_exit_maps(1, addresses, sizes, kinds, /*exit=*/true);
  BOOST_TEST(mapped_bytes_from(b + 50) == 50 * 8); // one reference left
  enter_exit_maps(1, addresses, sizes, kinds, /*exit=*/true);
  BOOST_TEST(mapped_bytes_from(b + 50) == -1);
}
