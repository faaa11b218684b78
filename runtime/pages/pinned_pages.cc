// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See pinned_pages.h.
#include "pages/pinned_pages.h"

#include "pages/page_guard.h"
#include "core/settings.h"
#include "core/stats.h"

#include <unistd.h>

namespace ferry::rt {

namespace {

std::size_t pinnable_bytes() {
  static const std::size_t half_of_memory =
      static_cast<std::size_t>(sysconf(_SC_PHYS_PAGES)) *
      static_cast<std::size_t>(sysconf(_SC_PAGESIZE)) / 2;
  return half_of_memory;
}

} // namespace

void PinnedPages::pin(ResidentBuffer &entry) {
  const std::size_t bytes = entry.guarded.size();
  if (!settings().pinned_copies || bytes < kSmallest ||
      pinned_bytes_ + bytes > pinnable_bytes())
    return;
  entry.huge_pages = page_guard::ask_huge_pages(entry.guarded);
  const Pinning pinning = device_.pin_host_range(
      reinterpret_cast<void *>(entry.guarded.begin), bytes);
  entry.pinned = pinning == Pinning::pinned;
  if (entry.huge_pages && !entry.pinned) {
    page_guard::withdraw_huge_pages(entry.guarded);
    entry.huge_pages = false;
  }
  if (pinning == Pinning::unavailable)
    return;
  if (entry.pinned) {
    pinned_bytes_ += bytes;
    locked_[entry.guarded.begin] = entry.guarded.end;
  }
  count_pinning(
      bytes, entry.pinned,
      entry.huge_pages ? page_guard::huge_interior(entry.guarded).size() : 0);
}

void PinnedPages::unpin(ResidentBuffer &entry) {
  if (!entry.pinned)
    return;
  device_.unpin_host_range(reinterpret_cast<void *>(entry.guarded.begin));
  if (entry.huge_pages)
    page_guard::withdraw_huge_pages(entry.guarded);
  pinned_bytes_ -= entry.guarded.size();
  locked_.erase(entry.guarded.begin);
  entry.pinned = entry.huge_pages = false;
}

} // namespace ferry::rt
