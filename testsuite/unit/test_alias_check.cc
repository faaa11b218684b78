// Unit tests of rule 6 at run time (runtime/launch/alias_check.cc): which
// argument ranges conflict, and what the message says.
#define BOOST_TEST_MODULE alias_check
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "abi.h"
#include "launch/alias_check.h"

#include <ferry/ferry.hpp>

using namespace ferry::rt;

namespace {

double memory[100];

Buffer buffer(const char *name, unsigned ownership, int first, int count) {
  Buffer b;
  b.name = name;
  b.ownership = ownership;
  b.host = reinterpret_cast<char *>(memory + first);
  b.bytes = count * sizeof(double);
  return b;
}

} // namespace

BOOST_AUTO_TEST_CASE(disjoint_and_adjacent_ranges_do_not_conflict) {
  std::vector<Buffer> buffers{buffer("x", FERRY_BORROW, 0, 10),
                              buffer("y", FERRY_BORROW_MUT, 10, 10),
                              buffer("z", FERRY_OUT, 20, 10)};
  BOOST_TEST(!find_alias(buffers).written);
}

BOOST_AUTO_TEST_CASE(reads_may_overlap) {
  std::vector<Buffer> buffers{buffer("x", FERRY_BORROW, 0, 10),
                              buffer("w", FERRY_BORROW, 5, 10)};
  BOOST_TEST(!find_alias(buffers).written);
}

BOOST_AUTO_TEST_CASE(a_written_range_may_not_overlap_a_read_one) {
  std::vector<Buffer> buffers{buffer("in", FERRY_BORROW, 0, 10),
                              buffer("out", FERRY_OUT, 9, 10)};
  AliasConflict conflict = find_alias(buffers);
  BOOST_REQUIRE(conflict.written);
  BOOST_TEST(conflict.written->name == std::string("out"));
  BOOST_TEST(conflict.other->name == std::string("in"));
}

BOOST_AUTO_TEST_CASE(every_writing_ownership_counts) {
  for (unsigned ownership :
       {FERRY_BORROW_MUT, FERRY_OUT, FERRY_SHARED_MUT, FERRY_SCRATCH}) {
    std::vector<Buffer> buffers{buffer("a", FERRY_BORROW, 0, 4),
                                buffer("b", ownership, 3, 4)};
    BOOST_TEST(find_alias(buffers).written != nullptr);
  }
}

BOOST_AUTO_TEST_CASE(empty_ranges_never_conflict) {
  std::vector<Buffer> buffers{buffer("a", FERRY_BORROW_MUT, 0, 0),
                              buffer("b", FERRY_BORROW_MUT, 0, 4)};
  BOOST_TEST(!find_alias(buffers).written);
}

BOOST_AUTO_TEST_CASE(the_message_names_kernel_parameters_ranges_and_call) {
  std::vector<Buffer> buffers{buffer("in", FERRY_BORROW, 0, 10),
                              buffer("out", FERRY_OUT, 5, 10)};
  const std::string text = describe_alias(
      {"smooth", "smooth.cc", 12, "main.cc", 40}, find_alias(buffers));
  for (const char *part :
       {"kernel 'smooth' (smooth.cc:12)", "called at main.cc:40",
        "'out' (out) covers", "'in' (borrow) covers", "80 bytes", "rule 6",
        "no data was touched"})
    BOOST_TEST(text.find(part) != std::string::npos, part);
}

BOOST_AUTO_TEST_CASE(the_throwing_action_throws_alias_error) {
  set_alias_action(AliasAction::throw_error);
  BOOST_CHECK_THROW(report_alias("overlap"), ferry::alias_error);
  set_alias_action(AliasAction::exit);
}
