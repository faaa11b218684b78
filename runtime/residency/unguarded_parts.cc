// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See unguarded_parts.h.
#include "residency/unguarded_parts.h"

#include "pages/page_guard.h"

#include <algorithm>
#include <cstring>

namespace ferry::rt {

namespace {

// Unguarded parts are at most a page at each end, or a whole buffer
// smaller than two pages.
constexpr std::size_t kLargestUnguardedCopy = 8192;

} // namespace

UnguardedParts unguarded_parts(const ResidentBuffer &entry) {
  UnguardedParts parts;
  if (!page_guard::enabled())
    return parts;
  const Range &host = entry.host, &guarded = entry.guarded;
  if (guarded.empty())
    parts.ranges[parts.count++] = host;
  else
    for (Range part :
         {Range{host.begin, guarded.begin}, Range{guarded.end, host.end}})
      if (!part.empty())
        parts.ranges[parts.count++] = part;
  return parts;
}

bool unchanged_since_copied(const ResidentBuffer &entry, Range part) {
  if (part.empty())
    return true;
  for (const auto &[copied, bytes] : entry.unguarded_copies)
    if (copied.contains(part))
      return std::memcmp(reinterpret_cast<const void *>(part.begin),
                         bytes.data() + (part.begin - copied.begin),
                         part.size()) == 0;
  return false;
}

void remember_unguarded(ResidentBuffer &entry, Range current) {
  for (const Range &part : unguarded_parts(entry)) {
    if (!part.overlaps(current))
      continue;
    auto &copies = entry.unguarded_copies;
    copies.erase(std::remove_if(copies.begin(), copies.end(),
                                [&](const auto &c) { return c.first == part; }),
                 copies.end());
    if (current.contains(part) && part.size() <= kLargestUnguardedCopy)
      copies.push_back({part, std::vector<char>(
                                  reinterpret_cast<const char *>(part.begin),
                                  reinterpret_cast<const char *>(part.end))});
  }
}

} // namespace ferry::rt
