// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Host memory as the host side of libferry (pages/) speaks of it: byte
// ranges of host addresses, and the pages of one resident buffer as the
// page guard (page_guard.h) and the page-locking (pinned_pages.h) keep
// them.  The residency table's entries (residency/residency_table.h) are
// such pages with their device copy.
#ifndef FERRY_RUNTIME_HOST_PAGES_H
#define FERRY_RUNTIME_HOST_PAGES_H

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ferry::rt {

// A byte range [begin, end) of host addresses.
struct Range {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;

  std::size_t size() const { return end - begin; }
  bool empty() const { return end <= begin; }
  bool contains(const Range &other) const {
    return begin <= other.begin && other.end <= end;
  }
  bool overlaps(const Range &other) const {
    return begin < other.end && other.begin < end;
  }
  bool operator==(const Range &other) const {
    return begin == other.begin && end == other.end;
  }
};

inline Range range_of(const void *host, std::size_t bytes) {
  const auto begin = reinterpret_cast<std::uintptr_t>(host);
  return Range{begin, begin + bytes};
}

struct GuardedPages {
  // The pages guarded for the buffer (page_guard.h), and the protection
  // last set on them, as disjoint ranges in address order with their
  // PROT_* bits, so that only changes cost a system call.
  Range guarded;
  std::vector<std::pair<Range, int>> protection;
  // Whether GUARDED's pages are claimed from the small-block allocator
  // (pages/small_blocks.h, claim_pages).
  bool claimed = false;
  // Whether GUARDED is page-locked for the device's copies, which then
  // write its closed pages by DMA (pinned_pages.h).
  bool pinned = false;
  // Whether it asked for huge pages on them as it pinned them
  // (page_guard.h, ask_huge_pages).
  bool huge_pages = false;
};

} // namespace ferry::rt

#endif
