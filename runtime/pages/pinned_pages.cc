// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See pinned_pages.h.
#include "pages/pinned_pages.h"

#include "core/settings.h"
#include "core/stats.h"
#include "pages/page_guard.h"

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

void PinnedPages::pin(GuardedPages &pages, HostPinning &device) {
  const std::size_t bytes = pages.guarded.size();
  if (!settings().pinned_copies || bytes < kSmallest ||
      pinned_bytes_ + bytes > pinnable_bytes())
    return;
  pages.huge_pages = page_guard::ask_huge_pages(pages.guarded);
  const Pinning pinning = device.pin_host_range(
      reinterpret_cast<void *>(pages.guarded.begin), bytes);
  pages.pinned = pinning == Pinning::pinned;
  if (pages.huge_pages && !pages.pinned) {
    page_guard::withdraw_huge_pages(pages.guarded);
    pages.huge_pages = false;
  }
  if (pinning == Pinning::unavailable)
    return;
  if (pages.pinned) {
    pinned_bytes_ += bytes;
    locked_[pages.guarded.begin] = pages.guarded.end;
  }
  count_pinning(
      bytes, pages.pinned,
      pages.huge_pages ? page_guard::huge_interior(pages.guarded).size() : 0);
}

void PinnedPages::unpin(GuardedPages &pages, HostPinning &device) {
  if (!pages.pinned)
    return;
  device.unpin_host_range(reinterpret_cast<void *>(pages.guarded.begin));
  if (pages.huge_pages)
    page_guard::withdraw_huge_pages(pages.guarded);
  pinned_bytes_ -= pages.guarded.size();
  locked_.erase(pages.guarded.begin);
  pages.pinned = pages.huge_pages = false;
}

} // namespace ferry::rt
