// Unit tests of the residency table (runtime/residency/residency_table.cc): range
// sets, containment and overlap lookups, LRU order.
#define BOOST_TEST_MODULE residency_table
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "residency/residency_table.h"

using namespace ferry::rt;

namespace {

Range r(std::uintptr_t begin, std::uintptr_t end) { return Range{begin, end}; }

std::vector<Range> all(const RangeSet &set) {
  return set.parts_within(r(0, UINTPTR_MAX));
}

} // namespace

BOOST_AUTO_TEST_CASE(range_set_merges_touching_and_overlapping_ranges) {
  RangeSet set;
  set.add(r(10, 20));
  set.add(r(30, 40));
  BOOST_TEST(all(set).size() == 2u);
  set.add(r(20, 30)); // touches both
  BOOST_TEST(all(set).size() == 1u);
  BOOST_TEST((all(set)[0] == r(10, 40)));
  set.add(r(5, 12));
  BOOST_TEST((all(set)[0] == r(5, 40)));
  BOOST_TEST(set.bytes() == 35u);
}

BOOST_AUTO_TEST_CASE(range_set_adding_a_covered_range_changes_nothing) {
  RangeSet set;
  set.add(r(10, 40));
  set.add(r(60, 70));
  set.add(r(10, 40)); // the same range again
  set.add(r(15, 40)); // ends where it ends
  set.add(r(10, 12)); // starts where it starts
  set.add(r(61, 69)); // inside the second
  const auto parts = all(set);
  BOOST_TEST(parts.size() == 2u);
  BOOST_TEST((parts[0] == r(10, 40)));
  BOOST_TEST((parts[1] == r(60, 70)));
  set.add(r(35, 45)); // not covered: grows the first
  BOOST_TEST((all(set)[0] == r(10, 45)));
}

BOOST_AUTO_TEST_CASE(range_set_removal_splits) {
  RangeSet set;
  set.add(r(0, 100));
  set.remove(r(40, 60));
  auto parts = all(set);
  BOOST_TEST(parts.size() == 2u);
  BOOST_TEST((parts[0] == r(0, 40)));
  BOOST_TEST((parts[1] == r(60, 100)));
  set.remove(r(0, 40));
  set.remove(r(90, 200));
  parts = all(set);
  BOOST_TEST(parts.size() == 1u);
  BOOST_TEST((parts[0] == r(60, 90)));
  set.remove(r(0, 1000));
  BOOST_TEST(set.empty());
}

BOOST_AUTO_TEST_CASE(range_set_parts_within_clip) {
  RangeSet set;
  set.add(r(0, 10));
  set.add(r(20, 30));
  set.add(r(40, 50));
  auto parts = set.parts_within(r(5, 45));
  BOOST_TEST(parts.size() == 3u);
  BOOST_TEST((parts[0] == r(5, 10)));
  BOOST_TEST((parts[1] == r(20, 30)));
  BOOST_TEST((parts[2] == r(40, 45)));
  BOOST_TEST(set.parts_within(r(10, 20)).empty());
}

BOOST_AUTO_TEST_CASE(lookup_finds_containing_and_overlapping_entries) {
  ResidencyTable table;
  char device_a, device_b;
  table.insert(r(100, 200), &device_a);
  table.insert(r(300, 400), &device_b);
  BOOST_TEST(table.find_containing(r(100, 200)) != nullptr);
  BOOST_TEST(table.find_containing(r(150, 160))->device == &device_a);
  BOOST_TEST(table.find_containing(r(150, 250)) == nullptr); // extends after
  BOOST_TEST(table.find_containing(r(50, 150)) == nullptr);  // extends before
  BOOST_TEST(table.find_containing(r(200, 300)) == nullptr); // between
  BOOST_TEST(table.find_overlapping(r(150, 350)).size() == 2u);
  BOOST_TEST(table.find_overlapping(r(200, 300)).empty()); // ends are open
  BOOST_TEST(table.find_overlapping(r(0, 101)).size() == 1u);
}

BOOST_AUTO_TEST_CASE(device_address_follows_the_offset) {
  ResidencyTable table;
  char device[100];
  ResidentBuffer &entry = table.insert(r(1000, 1100), device);
  BOOST_TEST(entry.device_address(1000) == static_cast<void *>(device));
  BOOST_TEST(entry.device_address(1042) == static_cast<void *>(device + 42));
}

BOOST_AUTO_TEST_CASE(least_recently_used_first) {
  ResidencyTable table;
  char d1, d2, d3;
  ResidentBuffer &first = table.insert(r(0, 10), &d1);
  table.insert(r(10, 20), &d2);
  table.insert(r(20, 30), &d3);
  first.last_use = table.tick(); // used again: now the most recent
  auto order = table.by_last_use();
  BOOST_TEST(order.size() == 3u);
  BOOST_TEST(order[0]->device == &d2);
  BOOST_TEST(order[2]->device == &d1);
  table.erase(order[0]);
  BOOST_TEST(table.size() == 2u);
  BOOST_TEST(table.find_overlapping(r(10, 20)).empty());
}

// find_containing answers from the entries it found last: an entry erased
// and another inserted where it was must not be answered from memory, nor
// an entry asked for a range it holds only part of.
BOOST_AUTO_TEST_CASE(lookups_after_erase_find_the_new_entry) {
  ResidencyTable table;
  int old_device = 0, new_device = 0, neighbour = 0;
  ResidentBuffer &old_entry = table.insert(r(100, 200), &old_device);
  table.insert(r(200, 300), &neighbour);
  for (int k = 0; k < 3; ++k) // found, and remembered
    BOOST_TEST(table.find_containing(r(120, 180)) == &old_entry);
  BOOST_TEST(table.find_containing(r(150, 250)) == nullptr);
  BOOST_TEST(table.find_containing(r(200, 200))->device == &neighbour);
  table.erase(&old_entry);
  BOOST_TEST(table.find_containing(r(120, 180)) == nullptr);
  table.insert(r(50, 200), &new_device);
  BOOST_TEST(table.find_containing(r(120, 180))->device == &new_device);
  BOOST_TEST(table.find_containing(r(60, 70))->device == &new_device);
  BOOST_TEST(table.find_containing(r(250, 260))->device == &neighbour);
}

// Host accesses skip the policy for ranges outside the span of every entry
// any table has held: a range inside an entry must never be skipped, also
// after its erase (a concurrent lookup may still be on its way).
BOOST_AUTO_TEST_CASE(the_span_of_all_entries_covers_every_entry) {
  const std::uintptr_t high = std::uintptr_t{1} << 44; // above the others
  BOOST_TEST(!any_entry_may_touch(r(high, high + 8)));
  ResidencyTable table;
  char device[100];
  ResidentBuffer &entry = table.insert(r(high, high + 100), device);
  BOOST_TEST(any_entry_may_touch(r(high + 10, high + 11)));
  BOOST_TEST(any_entry_may_touch(r(high - 8, high + 1))); // reaches into it
  BOOST_TEST(!any_entry_may_touch(r(high + 100, high + 108))); // just after
  table.erase(&entry);
  BOOST_TEST(any_entry_may_touch(r(high + 10, high + 11)));
}
