// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The page-locking of resident entries' guarded pages, for the resident
// policy (resident_transfers.cc).  Locked while they are still open, they
// take copies back by DMA into closed pages (55 GB/s on an H200, 64 MiB)
// instead of through a staging buffer and /proc/self/mem (2 GB/s), and
// uploads of what the host wrote read them by DMA too (pageable: 9 GB/s),
// for about 58 us per MiB once (3.7 ms for 64 MiB).  Small buffers keep
// the staging copies; at most half the machine's memory is locked.
#ifndef FERRY_RUNTIME_CORE_PINNED_PAGES_H
#define FERRY_RUNTIME_CORE_PINNED_PAGES_H

#include "core/residency_table.h"
#include "devices/device.h"

#include <cstddef>

namespace ferry::rt {

class PinnedPages {
public:
  explicit PinnedPages(Device &device) : device_(device) {}

  // Locks ENTRY's guarded pages, asking for huge pages on them, where
  // FERRY_PINNED_COPIES, their size and the budget allow and the device
  // can; sets entry.pinned and entry.huge_pages.
  void pin(ResidentBuffer &entry);
  void unpin(ResidentBuffer &entry);

  // The smallest buffer pinned, and the smallest copy back that goes
  // straight into its closed pages.  Smaller copies keep the staging
  // copies, as measured end to end (doc/performance.md, residency B);
  // copy_paths times a 4 KiB copy straight in at 7.8 us against 14.3 us,
  // so they may gain too, which no time loop has measured yet.
  static constexpr std::size_t kSmallest = std::size_t{256} << 10;

private:
  Device &device_;
  std::size_t pinned_bytes_ = 0; // of the entries' guarded pages
};

} // namespace ferry::rt

#endif
