// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See entry_copies.h.
#include "residency/entry_copies.h"

#include "core/stats.h"
#include "pages/page_guard.h"
#include "pages/small_blocks.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

namespace ferry::rt {

namespace {

Range intersect(Range a, Range b) {
  return {std::max(a.begin, b.begin), std::min(a.end, b.end)};
}

} // namespace

void EntryCopies::to_device(const ResidentBuffer &entry, void *device,
                            const void *host, std::size_t bytes) {
  const Range range = range_of(host, bytes);
  pinned_.for_each_piece(range, [&](Range piece) {
    entry.target->device->copy_to_device(
        static_cast<char *>(device) + (piece.begin - range.begin),
        reinterpret_cast<const void *>(piece.begin), piece.size());
  });
}

void EntryCopies::to_host(const ResidentBuffer &entry, void *host,
                          const void *device, std::size_t bytes) {
  const Range range = range_of(host, bytes);
  pinned_.for_each_piece(range, [&](Range piece) {
    entry.target->device->copy_to_host(reinterpret_cast<void *>(piece.begin),
                                       static_cast<const char *>(device) +
                                           (piece.begin - range.begin),
                                       piece.size());
  });
}

void EntryCopies::upload(ResidentBuffer &entry, Range range) {
  if (entry.stale_on_device.empty()) // launch after launch, usually
    return;
  for (const Range &part : entry.stale_on_device.parts_within(range)) {
    for (const auto &[piece, closed] : pieces(entry, part, true))
      if (!closed)
        to_device(entry, entry.device_address(piece.begin),
                  reinterpret_cast<const void *>(piece.begin), piece.size());
      else
        for_chunks(piece, [&](Range chunk) {
          if (!page_guard::read_closed(staging_.get(), chunk.begin,
                                       chunk.size())) {
            page_guard::open(entry);
            std::memcpy(staging_.get(),
                        reinterpret_cast<const void *>(chunk.begin),
                        chunk.size());
          }
          entry.target->device->copy_to_device(
              entry.device_address(chunk.begin), staging_.get(), chunk.size());
        });
    count_host_to_device(part.size(), entry.name);
    entry.stale_on_device.remove(part);
  }
}

void EntryCopies::download(ResidentBuffer &entry, Range range) {
  for (const Range &part : entry.stale_on_host.parts_within(range)) {
    for (const auto &[piece, closed] : pieces(entry, part, false))
      // Into locked pages the copy engine writes, closed or not.
      if (!closed || (entry.pinned && piece.size() >= PinnedPages::kSmallest))
        to_host(entry, reinterpret_cast<void *>(piece.begin),
                entry.device_address(piece.begin), piece.size());
      else
        for_chunks(piece, [&](Range chunk) {
          entry.target->device->copy_to_host(
              staging_.get(), entry.device_address(chunk.begin), chunk.size());
          if (!page_guard::write_closed(chunk.begin, staging_.get(),
                                        chunk.size())) {
            page_guard::open(entry);
            std::memcpy(reinterpret_cast<void *>(chunk.begin), staging_.get(),
                        chunk.size());
          }
        });
    count_device_to_host(part.size(), entry.name);
    entry.stale_on_host.remove(part);
  }
}

std::vector<std::pair<Range, bool>>
EntryCopies::pieces(const ResidentBuffer &entry, Range part, bool reads) {
  const Range closed = intersect(part, entry.guarded);
  // Pages that small blocks share: what any buffer there set last.
  const std::vector<std::pair<Range, int>> protection =
      entry.claimed ? small_blocks::protection_of(entry.guarded)
                    : entry.protection;
  if (closed.empty() || std::none_of(protection.begin(), protection.end(),
                                     [&](const std::pair<Range, int> &stretch) {
                                       return (!reads ||
                                               stretch.second == PROT_NONE) &&
                                              stretch.first.overlaps(closed);
                                     }))
    return {{part, false}};
  std::vector<std::pair<Range, bool>> result;
  if (part.begin < closed.begin)
    result.push_back({{part.begin, closed.begin}, false});
  result.push_back({closed, true});
  if (closed.end < part.end)
    result.push_back({{closed.end, part.end}, false});
  return result;
}

template <typename Copy> void EntryCopies::for_chunks(Range range, Copy copy) {
  for (std::uintptr_t at = range.begin; at < range.end; at += kStagingBytes)
    copy(Range{at, std::min<std::uintptr_t>(at + kStagingBytes, range.end)});
}

} // namespace ferry::rt
