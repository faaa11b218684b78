// Unit tests of libferry's allocator for heap blocks under a page
// (runtime/pages/small_blocks.cc): blocks are its own and apart, a freed
// block is no longer held, claimed pages get no new blocks until they are
// released, and the protection noted for a page is read back.
#define BOOST_TEST_MODULE small_blocks
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "pages/small_blocks.h"
#include "settings_for_test.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace ferry::rt;

// The allocator serves while pages are guarded (the test driver runs unit
// programs with FERRY_COHERENCE=compiler).
struct GuardedPagesOn {
  GuardedPagesOn() { run_with_settings({{"FERRY_COHERENCE", "pages"}}); }
};
BOOST_TEST_GLOBAL_FIXTURE(GuardedPagesOn);

namespace {

constexpr std::uintptr_t kPage = 4096;

std::uintptr_t address(const void *block) {
  return reinterpret_cast<std::uintptr_t>(block);
}

bool always_covered(Range, void *) { return true; }

} // namespace

BOOST_AUTO_TEST_CASE(blocks_are_the_allocators_own_and_apart) {
  BOOST_TEST_REQUIRE(small_blocks::enabled());
  std::vector<void *> blocks;
  for (int k = 0; k < 200; ++k)
    blocks.push_back(small_blocks::allocate(48));
  for (void *block : blocks) {
    BOOST_TEST_REQUIRE(block != nullptr);
    BOOST_TEST(small_blocks::owns(block));
    BOOST_TEST(small_blocks::usable_bytes(block) >= 48u);
    BOOST_TEST(small_blocks::holds_whole(range_of(block, 48)));
  }
  std::vector<void *> sorted = blocks;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t k = 1; k < sorted.size(); ++k)
    BOOST_TEST(address(sorted[k]) - address(sorted[k - 1]) >=
               small_blocks::usable_bytes(sorted[k - 1]));
  int local = 0;
  BOOST_TEST(!small_blocks::owns(&local));
  for (void *block : blocks)
    small_blocks::release(block);
  BOOST_TEST(!small_blocks::holds_whole(range_of(blocks.front(), 48)));
}

BOOST_AUTO_TEST_CASE(a_range_past_its_block_is_not_held_whole) {
  void *block = small_blocks::allocate(100);
  const std::size_t usable = small_blocks::usable_bytes(block);
  BOOST_TEST(small_blocks::holds_whole(range_of(block, usable)));
  BOOST_TEST(!small_blocks::holds_whole(range_of(block, usable + 1)));
  BOOST_TEST(!small_blocks::holds_whole(range_of(block, 0)));
  small_blocks::release(block);
}

BOOST_AUTO_TEST_CASE(claimed_pages_get_no_new_blocks_until_released) {
  // Blocks of 1 KiB until one page holds four live ones: that page is
  // claimed, as a buffer's guard claims it.
  std::vector<void *> blocks;
  std::uintptr_t page = 0;
  while (!page && blocks.size() < 4096) {
    blocks.push_back(small_blocks::allocate(1024));
    const std::uintptr_t here = address(blocks.back()) & ~(kPage - 1);
    if (std::count_if(blocks.begin(), blocks.end(), [&](void *b) {
          return (address(b) & ~(kPage - 1)) == here;
        }) == 4)
      page = here;
  }
  BOOST_TEST_REQUIRE(page != 0u);
  const Range pages{page, page + kPage};
  BOOST_TEST_REQUIRE(small_blocks::claim_pages(pages, &pages, 1,
                                               always_covered, nullptr));
  // The four blocks are freed; a claimed page takes none of the new ones.
  for (void *&block : blocks)
    if ((address(block) & ~(kPage - 1)) == page) {
      small_blocks::release(block);
      block = nullptr;
    }
  std::vector<void *> later;
  for (int k = 0; k < 64; ++k) {
    later.push_back(small_blocks::allocate(1024));
    BOOST_TEST((address(later.back()) & ~(kPage - 1)) != page);
  }
  small_blocks::release_pages(pages);
  bool reused = false;
  for (int k = 0; k < 4096 && !reused; ++k) {
    later.push_back(small_blocks::allocate(1024));
    reused = (address(later.back()) & ~(kPage - 1)) == page;
  }
  BOOST_TEST(reused);
  for (void *block : blocks)
    if (block)
      small_blocks::release(block);
  for (void *block : later)
    small_blocks::release(block);
}

BOOST_AUTO_TEST_CASE(a_claim_is_refused_where_a_live_block_is_not_covered) {
  void *block = small_blocks::allocate(512);
  const std::uintptr_t page = address(block) & ~(kPage - 1);
  const Range pages{page, page + kPage};
  BOOST_TEST(!small_blocks::claim_pages(
      pages, &pages, 1, [](Range, void *) { return false; }, nullptr));
  small_blocks::release(block);
}

BOOST_AUTO_TEST_CASE(the_protection_noted_for_pages_is_read_back) {
  void *block = small_blocks::allocate(2000);
  const std::uintptr_t page = address(block) & ~(kPage - 1);
  small_blocks::note_protection({page, page + kPage}, PROT_NONE);
  small_blocks::note_protection({page + kPage, page + 2 * kPage}, PROT_READ);
  const auto stretches = small_blocks::protection_of({page, page + 2 * kPage});
  BOOST_TEST_REQUIRE(stretches.size() == 2u);
  BOOST_TEST(stretches[0].first.begin == page);
  BOOST_TEST(stretches[0].second == PROT_NONE);
  BOOST_TEST(stretches[1].second == PROT_READ);
  small_blocks::note_protection({page, page + 2 * kPage},
                                PROT_READ | PROT_WRITE);
  BOOST_TEST(small_blocks::protection_of({page, page + 2 * kPage}).size() ==
             1u);
  small_blocks::release(block);
}
