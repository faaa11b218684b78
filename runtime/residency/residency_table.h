// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The residency table: host range -> device copy + which side is newer.
//
// This is the unit-tested core of the resident transfer policy. It only
// keeps the books; copies are done by its caller through a Device. The
// shape follows LLVM libomptarget's mapping table: entries are disjoint host
// ranges [begin, end), ordered by begin, each with its device address, and
// lookups say whether a range is contained in one entry or overlaps several.
//
// Freshness is kept per byte range, not per entry, so that a kernel on
// y + off next to one on all of y moves only what is stale:
//   stale_on_device  parts where the host copy is newer (upload before a
//                    kernel reads them)
//   stale_on_host    parts where the device copy is newer (download before
//                    the host touches them)
// A part is never in both.
#ifndef FERRY_RUNTIME_RESIDENCY_TABLE_H
#define FERRY_RUNTIME_RESIDENCY_TABLE_H

#include "pages/host_pages.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace ferry::rt {

struct Target;

// How many times any range set or any table has changed, in the process:
// what is computed from several entries' sets and kept until one of them
// changes may be kept while this stays the same.
std::uint64_t residency_changes();

// The span of every entry that any table has held, which only grows.
inline std::atomic<std::uintptr_t> ever_lowest_entry{UINTPTR_MAX};
inline std::atomic<std::uintptr_t> ever_highest_entry{0};

// Whether RANGE may overlap an entry of any table: false when it lies
// outside that span.  Two relaxed loads and no lock, for the host accesses
// of the stack that surround every launch.
inline bool any_entry_may_touch(Range range) {
  return range.end > ever_lowest_entry.load(std::memory_order_relaxed) &&
         range.begin < ever_highest_entry.load(std::memory_order_relaxed);
}

// A set of disjoint, non-adjacent byte ranges.
class RangeSet {
public:
  void add(Range range);
  void remove(Range range);
  // The parts of the set inside RANGE, in address order.
  std::vector<Range> parts_within(Range range) const;
  bool empty() const { return ranges_.empty(); }
  std::size_t bytes() const;
  // Changes whenever the set does, so that a result computed from it can
  // be kept until then.
  std::uint64_t version() const { return version_; }

private:
  std::map<std::uintptr_t, std::uintptr_t> ranges_; // begin -> end
  std::uint64_t version_ = 0;
};

// One entry: host pages (GuardedPages) with their device copy.
struct ResidentBuffer : GuardedPages {
  Range host;
  void *device = nullptr; // device copy of host.begin .. host.end
  // Where DEVICE lives: a buffer is resident on one target at a time
  // (devices/target.h).
  const Target *target = nullptr;
  RangeSet stale_on_device;
  RangeSet stale_on_host;
  std::uint64_t last_use = 0; // for least-recently-used eviction
  unsigned in_use = 0;        // launches using it now: not evictable
  const char *name = "?";     // a parameter name it was passed as
  // Whether it pins its pages as its first launch releases it: nothing
  // moves to or from a kernel's fresh `out` buffer before that, and
  // faulting its pages in then runs beside the kernel.
  bool pin_at_release = false;
  // The versions of the two sets PROTECTION was computed from, while no
  // other entry shares its pages, or their sums over a claimed group's
  // entries (~0: compute again).
  std::uint64_t protected_host_version = ~std::uint64_t{0};
  std::uint64_t protected_device_version = ~std::uint64_t{0};
  std::uint64_t protected_changes = 0; // residency_changes() then
  // Host write faults since the device last wrote the buffer, and whether
  // there were many before that: the host rewrites the buffer after each
  // launch (resident_transfers.cc, resolve_fault).
  unsigned write_faults = 0;
  bool host_rewrites = false;
  // Host read faults since the device last wrote the buffer, and where
  // the last window they brought back ends (resident_transfers.cc,
  // read_window).
  unsigned read_faults = 0;
  std::uintptr_t window_end = 0;
  unsigned launches_opened = 0; // since host_rewrites was last measured
  unsigned measure_every = 8;   // doubles each time a measure agrees
  // The bytes of its parts on unguarded pages when both sides last had
  // them alike (unguarded_parts.h, unchanged_since_copied).
  std::vector<std::pair<Range, std::vector<char>>> unguarded_copies;

  // The device address of host address ADDRESS inside this buffer.
  void *device_address(std::uintptr_t address) const {
    return static_cast<char *>(device) + (address - host.begin);
  }
  bool clean() const { return stale_on_host.empty(); }
};

class ResidencyTable {
public:
  // The entry whose host range contains RANGE, or nullptr.
  ResidentBuffer *find_containing(Range range);
  // The entries that overlap RANGE, in address order.
  std::vector<ResidentBuffer *> find_overlapping(Range range);
  // VISIT(entry) for each of them, in address order, without a list: the
  // launch path asks this several times a launch.
  template <class Visit> void visit_overlapping(Range range, Visit visit) {
    auto it = entries_.upper_bound(range.begin);
    if (it != entries_.begin())
      --it;
    for (; it != entries_.end() && it->first < range.end; ++it)
      if (it->second.host.overlaps(range))
        visit(it->second);
  }
  bool overlaps_any(Range range) {
    bool found = false;
    visit_overlapping(range, [&](ResidentBuffer &) { found = true; });
    return found;
  }

  // Adds an entry for RANGE, which must not overlap any entry.
  ResidentBuffer &insert(Range range, void *device);
  void erase(ResidentBuffer *entry);

  // Whether RANGE may overlap an entry, asked without the table's lock
  // (the free hook's question, for every block the program frees): not
  // when it lies outside the span of all entries, or in a slab of small
  // blocks (pages/small_blocks.h) that holds none.
  bool may_touch(Range range) const;

  // Entries in least-recently-used order, for eviction.
  std::vector<ResidentBuffer *> by_last_use();
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  // A clock for last_use.
  std::uint64_t tick() { return ++clock_; }

private:
  std::map<std::uintptr_t, ResidentBuffer> entries_; // by host.begin
  // The entries find_containing found last: a launch asks for each of
  // its buffers three times, and a time loop for the same ones each step.
  // Cleared by erase, which ends the only life an entry's address has.
  static constexpr unsigned kRecent = 4;
  ResidentBuffer *recent_[kRecent] = {};
  unsigned next_recent_ = 0;
  std::uint64_t clock_ = 0;
  // The lowest and highest host address of any entry (may_touch).
  std::atomic<std::uintptr_t> lowest_{UINTPTR_MAX}, highest_{0};
};

} // namespace ferry::rt

#endif
