// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The page-locking of resident entries' guarded pages, for the resident
// policy (resident_transfers.cc).  Locked while they are still open, they
// take copies back by DMA into closed pages (55 GB/s on an H200, 64 MiB)
// instead of through a staging buffer and /proc/self/mem (2 GB/s), and
// uploads of what the host wrote read them by DMA too (pageable: 9 GB/s),
// for about 58 us per MiB once (3.7 ms for 64 MiB).  Small buffers keep
// the staging copies; at most half the machine's memory is locked.  The
// ranges locked are kept, since a copy must not span one's edge
// (for_each_piece).
#ifndef FERRY_RUNTIME_PINNED_PAGES_H
#define FERRY_RUNTIME_PINNED_PAGES_H

#include "pages/host_pages.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>

namespace ferry::rt {

// What came of page-locking host memory for a device's copies.
enum class Pinning { unavailable, pinned, refused };

// What page-locks host memory for a device's copies: each Device
// (devices/device.h).
class HostPinning {
public:
  virtual ~HostPinning() = default;
  // Page-locks BYTES of host memory at HOST (whole pages, accessible now),
  // so that copies reach them by DMA.  Unavailable where copies cannot do
  // that (the host; the sim device keeps a GPU's rules, pinning included).
  virtual Pinning pin_host_range(void * /*host*/, std::size_t /*bytes*/) {
    return Pinning::unavailable;
  }
  virtual void unpin_host_range(void * /*host*/) {}
};

class PinnedPages {
public:
  // Locks the guarded PAGES of a buffer for DEVICE's copies, asking for
  // huge pages on them, where FERRY_PINNED_COPIES, their size and the
  // budget allow and the device can; sets pages.pinned and
  // pages.huge_pages.  unpin undoes it, with the same device.
  void pin(GuardedPages &pages, HostPinning &device);
  void unpin(GuardedPages &pages, HostPinning &device);

  // VISIT(piece) for RANGE cut where a locked range begins or ends, in
  // address order: each piece lies inside one locked range or outside
  // all.  The GPU's driver refuses a copy that spans locked and pageable
  // memory, or two locked ranges (CUDA_ERROR_INVALID_VALUE).
  template <class Visit> void for_each_piece(Range range, Visit visit) const {
    auto it = locked_.upper_bound(range.begin);
    if (it != locked_.begin())
      --it;
    std::uintptr_t at = range.begin;
    for (; it != locked_.end() && it->first < range.end && at < range.end;
         ++it) {
      const Range locked{it->first, it->second};
      if (locked.end <= at)
        continue;
      if (at < locked.begin) {
        visit(Range{at, locked.begin});
        at = locked.begin;
      }
      const std::uintptr_t end = std::min(locked.end, range.end);
      visit(Range{at, end});
      at = end;
    }
    if (at < range.end)
      visit(Range{at, range.end});
  }

  // The smallest buffer pinned, and the smallest copy back that goes
  // straight into its closed pages.  Smaller copies keep the staging
  // copies, as measured end to end (doc/performance.md, residency B);
  // copy_paths times a 4 KiB copy straight in at 7.8 us against 14.3 us,
  // so they may gain too, which no time loop has measured yet.
  static constexpr std::size_t kSmallest = std::size_t{256} << 10;

private:
  std::size_t pinned_bytes_ = 0; // of the entries' guarded pages
  std::map<std::uintptr_t, std::uintptr_t> locked_; // begin -> end
};

} // namespace ferry::rt

#endif
