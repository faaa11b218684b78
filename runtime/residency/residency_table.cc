// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See residency_table.h.
#include "residency/residency_table.h"

#include "pages/small_blocks.h"

#include <algorithm>
#include <cassert>
#include <iterator>

namespace ferry::rt {

namespace {
std::atomic<std::uint64_t> changes{0};
void count_change() { changes.fetch_add(1, std::memory_order_relaxed); }

// Widens the span of any_entry_may_touch to RANGE.
void widen_span(Range range) {
  std::uintptr_t low = ever_lowest_entry.load(std::memory_order_relaxed);
  while (range.begin < low &&
         !ever_lowest_entry.compare_exchange_weak(low, range.begin))
    ;
  std::uintptr_t high = ever_highest_entry.load(std::memory_order_relaxed);
  while (range.end > high &&
         !ever_highest_entry.compare_exchange_weak(high, range.end))
    ;
}
} // namespace

std::uint64_t residency_changes() {
  return changes.load(std::memory_order_relaxed);
}

void RangeSet::add(Range range) {
  if (range.empty())
    return;
  // Absorb every range that overlaps or touches RANGE.
  auto it = ranges_.upper_bound(range.begin);
  if (it != ranges_.begin()) {
    auto before = std::prev(it);
    // Already covered, the common case of a kernel that writes the same
    // buffer launch after launch: no node to free and allocate again, and
    // no change.
    if (before->second >= range.end)
      return;
    if (before->second >= range.begin)
      it = before;
  }
  ++version_;
  count_change();
  while (it != ranges_.end() && it->first <= range.end) {
    range.begin = std::min(range.begin, it->first);
    range.end = std::max(range.end, it->second);
    it = ranges_.erase(it);
  }
  ranges_.emplace(range.begin, range.end);
}

void RangeSet::remove(Range range) {
  if (range.empty())
    return;
  auto it = ranges_.upper_bound(range.begin);
  if (it != ranges_.begin())
    --it;
  while (it != ranges_.end() && it->first < range.end) {
    const std::uintptr_t begin = it->first, end = it->second;
    if (end <= range.begin) {
      ++it;
      continue;
    }
    ++version_;
    count_change();
    it = ranges_.erase(it);
    if (begin < range.begin)
      ranges_.emplace(begin, range.begin);
    if (range.end < end)
      it = ranges_.emplace(range.end, end).first;
  }
}

std::vector<Range> RangeSet::parts_within(Range range) const {
  std::vector<Range> parts;
  auto it = ranges_.upper_bound(range.begin);
  if (it != ranges_.begin())
    --it;
  for (; it != ranges_.end() && it->first < range.end; ++it) {
    Range part{std::max(it->first, range.begin),
               std::min(it->second, range.end)};
    if (!part.empty())
      parts.push_back(part);
  }
  return parts;
}

std::size_t RangeSet::bytes() const {
  std::size_t total = 0;
  for (const auto &[begin, end] : ranges_)
    total += end - begin;
  return total;
}

ResidentBuffer *ResidencyTable::find_containing(Range range) {
  // Entries are disjoint: one that contains RANGE is the answer (an
  // empty RANGE where two meet is the later one's, as below).
  if (!range.empty())
    for (ResidentBuffer *entry : recent_)
      if (entry && entry->host.contains(range))
        return entry;
  auto it = entries_.upper_bound(range.begin);
  if (it == entries_.begin())
    return nullptr;
  ResidentBuffer &entry = std::prev(it)->second;
  if (!entry.host.contains(range))
    return nullptr;
  recent_[next_recent_++ % kRecent] = &entry;
  return &entry;
}

std::vector<ResidentBuffer *> ResidencyTable::find_overlapping(Range range) {
  std::vector<ResidentBuffer *> found;
  visit_overlapping(range,
                    [&](ResidentBuffer &entry) { found.push_back(&entry); });
  return found;
}

ResidentBuffer &ResidencyTable::insert(Range range, void *device) {
  assert(find_overlapping(range).empty());
  count_change();
  widen_span(range);
  small_blocks::count_entries(range, 1);
  lowest_.store(std::min(lowest_.load(), range.begin));
  highest_.store(std::max(highest_.load(), range.end));
  ResidentBuffer &entry = entries_[range.begin];
  entry.host = range;
  entry.device = device;
  entry.last_use = tick();
  return entry;
}

void ResidencyTable::erase(ResidentBuffer *entry) {
  std::fill(std::begin(recent_), std::end(recent_), nullptr);
  count_change();
  small_blocks::count_entries(entry->host, -1);
  entries_.erase(entry->host.begin);
  if (entries_.empty()) {
    lowest_.store(UINTPTR_MAX);
    highest_.store(0);
  }
}

bool ResidencyTable::may_touch(Range range) const {
  if (range.end <= lowest_.load(std::memory_order_relaxed) ||
      range.begin >= highest_.load(std::memory_order_relaxed))
    return false;
  const auto *start = reinterpret_cast<const void *>(range.begin);
  return !small_blocks::owns(start) || small_blocks::slab_holds_entries(start);
}

std::vector<ResidentBuffer *> ResidencyTable::by_last_use() {
  std::vector<ResidentBuffer *> order;
  for (auto &[begin, entry] : entries_)
    order.push_back(&entry);
  std::sort(order.begin(), order.end(),
            [](const ResidentBuffer *a, const ResidentBuffer *b) {
              return a->last_use < b->last_use;
            });
  return order;
}

} // namespace ferry::rt
