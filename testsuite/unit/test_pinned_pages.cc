// Unit tests of the page-locking of resident buffers (runtime/core/
// pinned_pages.cc) on the sim device, which locks host memory as a GPU's
// driver does: copies are cut where a locked range begins or ends, since
// the driver refuses one that spans an edge, and a range that overlaps one
// already locked is refused.
#define BOOST_TEST_MODULE pinned_pages
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "devices/device.h"
#include "pages/pinned_pages.h"

#include <cstdlib>
#include <memory>
#include <sys/mman.h>
#include <vector>

using namespace ferry::rt;

namespace {

constexpr std::uintptr_t kPage = 4096;
constexpr std::size_t kLocked = PinnedPages::kSmallest; // locked whole

struct Fixture {
  std::unique_ptr<Device> device = make_sim_device(0, 1, 0);
  PinnedPages pinned;
  // Page-aligned memory for the buffers, held for the test.
  char *memory = static_cast<char *>(std::aligned_alloc(kPage, 4 * kLocked));
  ~Fixture() { std::free(memory); }

  GuardedPages pages_over(std::uintptr_t offset, std::size_t bytes) {
    GuardedPages pages;
    pages.guarded = range_of(memory + offset, bytes);
    return pages;
  }
  std::uintptr_t at(std::uintptr_t offset) const {
    return reinterpret_cast<std::uintptr_t>(memory) + offset;
  }
  std::vector<Range> pieces(Range range) const {
    std::vector<Range> result;
    pinned.for_each_piece(range, [&](Range piece) { result.push_back(piece); });
    return result;
  }
};

} // namespace

BOOST_FIXTURE_TEST_CASE(copies_are_cut_at_each_locked_edge, Fixture) {
  GuardedPages first = pages_over(kPage, kLocked);
  GuardedPages second = pages_over(kPage + kLocked, kLocked);
  pinned.pin(first, *device);
  pinned.pin(second, *device);
  BOOST_TEST(first.pinned);
  BOOST_TEST(second.pinned);
  // From a pageable byte before the first, across both, to one after.
  const Range copy{at(100), at(kPage + 2 * kLocked + 100)};
  const std::vector<Range> cut = pieces(copy);
  BOOST_TEST_REQUIRE(cut.size() == 4u);
  BOOST_TEST((cut[0] == Range{at(100), at(kPage)}));
  BOOST_TEST((cut[1] == first.guarded));
  BOOST_TEST((cut[2] == second.guarded));
  BOOST_TEST((cut[3] ==
              Range{at(kPage + 2 * kLocked), at(kPage + 2 * kLocked + 100)}));
  // A copy inside one locked range, and one outside all, stay whole.
  const Range inside{at(kPage + 8), at(kPage + 800)};
  BOOST_TEST(pieces(inside).size() == 1u);
  BOOST_TEST((pieces(inside)[0] == inside));
  const Range outside{at(3 * kLocked + kPage), at(3 * kLocked + 2 * kPage)};
  BOOST_TEST(pieces(outside).size() == 1u);
  pinned.unpin(first, *device);
  // Unlocked, the first's pages join the pageable piece before them.
  const std::vector<Range> after = pieces(copy);
  BOOST_TEST_REQUIRE(after.size() == 3u);
  BOOST_TEST((after[0] == Range{at(100), at(kPage + kLocked)}));
  pinned.unpin(second, *device);
  BOOST_TEST(pieces(copy).size() == 1u);
}

BOOST_FIXTURE_TEST_CASE(a_range_overlapping_a_locked_one_is_refused, Fixture) {
  GuardedPages first = pages_over(0, kLocked);
  // Shares the first's last page, as the guards of neighbours in one
  // block may.
  GuardedPages second = pages_over(kLocked - kPage, kLocked);
  pinned.pin(first, *device);
  pinned.pin(second, *device);
  BOOST_TEST(first.pinned);
  BOOST_TEST(!second.pinned); // keeps the staging copies
  BOOST_TEST(pieces(second.guarded).size() == 2u);
  pinned.unpin(second, *device); // nothing to undo
  pinned.unpin(first, *device);
  pinned.pin(second, *device);
  BOOST_TEST(second.pinned);
  pinned.unpin(second, *device);
}

BOOST_FIXTURE_TEST_CASE(a_copy_into_locked_pages_ignores_their_protection,
                        Fixture) {
  GuardedPages pages = pages_over(0, kLocked);
  pinned.pin(pages, *device);
  BOOST_TEST_REQUIRE(pages.pinned);
  void *device_copy = device->allocate(kLocked);
  std::vector<char> pattern(kLocked, 7);
  device->copy_to_device(device_copy, pattern.data(), kLocked);
  BOOST_TEST_REQUIRE(mprotect(memory, kLocked, PROT_NONE) == 0);
  device->copy_to_host(memory, device_copy, kLocked); // as the copy engine
  BOOST_TEST_REQUIRE(mprotect(memory, kLocked, PROT_READ | PROT_WRITE) == 0);
  BOOST_TEST(memory[0] == 7);
  BOOST_TEST(memory[kLocked - 1] == 7);
  device->deallocate(device_copy);
  pinned.unpin(pages, *device);
}
