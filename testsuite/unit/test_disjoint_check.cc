// Unit tests of rule 2 at the launch (runtime/launch/disjoint_check.cc): loops
// whose accesses of one buffer are disjoint only for some values of the
// parameters, as in-place halo copies are.
#define BOOST_TEST_MODULE disjoint_check
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "launch/disjoint_check.h"

using namespace ferry::rt;

namespace {

constexpr long long D = sizeof(double);
constexpr unsigned long long kLimit = 1ull << 20;

AccessForm form(bool write, unsigned line, long long constant,
                std::vector<long long> coefficients) {
  AccessForm f;
  f.write = write;
  f.line = line;
  f.constant = constant * D;
  f.size = D;
  for (long long &c : coefficients)
    c *= D;
  f.coefficients = coefficients;
  return f;
}

// TeaLeaf's update_left over rows jj in [h, y - h) and columns kk in
// [0, depth): buffer[jj*x + h - 1 - kk] = buffer[jj*x + h + kk].
DisjointResult left_halo(long long x, long long y, long long h,
                         long long depth) {
  std::vector<LoopVariable> vars{{h, y - h, true}, {0, depth, true}};
  return check_disjoint(
      vars, {form(true, 16, h - 1, {x, -1}), form(false, 16, h, {x, 1})},
      kLimit);
}

} // namespace

BOOST_AUTO_TEST_CASE(a_halo_copy_within_its_rows_is_disjoint) {
  BOOST_TEST(left_halo(64, 64, 2, 2).kind == DisjointResult::disjoint);
  BOOST_TEST(left_halo(8, 8, 2, 1).kind == DisjointResult::disjoint);
}

BOOST_AUTO_TEST_CASE(a_halo_deeper_than_the_halo_reads_what_it_writes) {
  // depth 3 > h 2: row jj writes its column -1, which is column x - 1 = 4
  // of row jj - 1, and row jj - 1 reads its columns h .. h + 2 = 2 .. 4.
  DisjointResult r = left_halo(5, 8, 2, 3);
  BOOST_TEST(r.kind == DisjointResult::read_of_write);
  BOOST_TEST(r.write_line == 16u);
  BOOST_TEST(r.other_line == 16u);
}

BOOST_AUTO_TEST_CASE(top_halo_rows_mirrored_are_disjoint) {
  // buffer[kk + (y - h + jj)*x] = buffer[kk + (y - h - 1 - jj)*x]
  const long long x = 10, y = 12, h = 2, depth = 2;
  std::vector<LoopVariable> vars{{0, depth, true}, {h, x - h, true}};
  DisjointResult r = check_disjoint(vars,
                                    {form(true, 47, (y - h) * x, {x, 1}),
                                     form(false, 47, (y - h - 1) * x, {-x, 1})},
                                    kLimit);
  BOOST_TEST(r.kind == DisjointResult::disjoint);
}

BOOST_AUTO_TEST_CASE(a_stride_shorter_than_the_row_writes_twice) {
  // y[i*ld + j] over j < m: fine for m <= ld, two writes for m > ld.
  std::vector<LoopVariable> fine{{0, 10, true}, {0, 4, true}};
  BOOST_TEST(check_disjoint(fine, {form(true, 3, 0, {4, 1})}, kLimit).kind ==
             DisjointResult::disjoint);
  std::vector<LoopVariable> overlapping{{0, 10, true}, {0, 5, true}};
  DisjointResult r =
      check_disjoint(overlapping, {form(true, 3, 0, {4, 1})}, kLimit);
  BOOST_TEST(r.kind == DisjointResult::two_writes);
  BOOST_TEST(r.byte == 4 * D);
}

BOOST_AUTO_TEST_CASE(a_neighbour_read_in_place_races) {
  // y[i] = y[i + 1]: iteration i reads what iteration i + 1 writes.
  std::vector<LoopVariable> vars{{0, 100, true}};
  DisjointResult r = check_disjoint(
      vars, {form(true, 7, 0, {1}), form(false, 8, 1, {1})}, kLimit);
  BOOST_TEST(r.kind == DisjointResult::read_of_write);
  BOOST_TEST(r.write_line == 7u);
  BOOST_TEST(r.other_line == 8u);
  BOOST_TEST(r.byte == 1 * D);
}

BOOST_AUTO_TEST_CASE(red_black_in_place_is_disjoint) {
  // y[2i] = y[2i + 1]: the ranges overlap, the elements do not.
  std::vector<LoopVariable> vars{{0, 1000, true}};
  BOOST_TEST(check_disjoint(
                 vars, {form(true, 1, 0, {2}), form(false, 1, 1, {2})}, kLimit)
                 .kind == DisjointResult::disjoint);
}

BOOST_AUTO_TEST_CASE(a_write_that_a_parallel_variable_does_not_move) {
  std::vector<LoopVariable> vars{{0, 4, true}, {0, 3, true}};
  DisjointResult r = check_disjoint(vars, {form(true, 9, 0, {1, 0})}, kLimit);
  BOOST_TEST(r.kind == DisjointResult::two_writes);
  // A range of one is a single iteration.
  std::vector<LoopVariable> single{{0, 4, true}, {0, 1, true}};
  BOOST_TEST(check_disjoint(single, {form(true, 9, 0, {1, 0})}, kLimit).kind ==
             DisjointResult::disjoint);
}

BOOST_AUTO_TEST_CASE(the_own_element_read_and_written_is_not_a_race) {
  std::vector<LoopVariable> vars{{0, 50, true}, {0, 3, true}};
  BOOST_TEST(
      check_disjoint(vars,
                     {form(true, 2, 1, {3, -1}), form(false, 2, 1, {3, -1}),
                      form(false, 2, 200, {1, 0})},
                     kLimit)
          .kind == DisjointResult::disjoint);
}

BOOST_AUTO_TEST_CASE(loops_that_do_not_run_touch_nothing) {
  std::vector<LoopVariable> vars{{5, 5, true}};
  BOOST_TEST(check_disjoint(vars, {form(true, 1, 0, {0})}, kLimit).kind ==
             DisjointResult::disjoint);
  // A serial loop that does not run: its accesses do not happen.
  std::vector<LoopVariable> serial{{0, 10, true}, {0, 0, false}};
  BOOST_TEST(
      check_disjoint(
          serial, {form(true, 1, 0, {1, 0}), form(false, 1, 0, {1, 1})}, kLimit)
          .kind == DisjointResult::disjoint);
}

BOOST_AUTO_TEST_CASE(more_accesses_than_the_limit_are_not_guessed) {
  std::vector<LoopVariable> vars{{0, 1 << 12, true}, {0, 1 << 10, true}};
  // Interleaved and overlapping ranges, so only enumeration could tell.
  DisjointResult r = check_disjoint(
      vars, {form(true, 4, 0, {2048, 2}), form(false, 4, 1, {2048, 2})},
      kLimit);
  BOOST_TEST(r.kind == DisjointResult::too_large);
  BOOST_TEST(r.accesses == 2ull << 22);
}

BOOST_AUTO_TEST_CASE(huge_values_do_not_wrap) {
  std::vector<LoopVariable> vars{{0, 1ll << 40, true}};
  BOOST_TEST(
      check_disjoint(vars, {form(true, 1, 0, {1ll << 30})}, kLimit).kind ==
      DisjointResult::too_large);
}
