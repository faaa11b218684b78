// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See shared_mappings.h.
#include "core/shared_mappings.h"

#include "core/residency_table.h"
#include "runtime.h"

#include <atomic>
#include <iterator>
#include <map>
#include <mutex>

namespace ferry::rt::shared_mappings {

namespace {

struct Mappings {
  std::mutex mutex;
  std::map<std::uintptr_t, std::uintptr_t> ends; // by start
  std::atomic<std::size_t> count{0};
};

// Never destroyed (core/lasting.h): mappings change after main too.
Mappings &all() {
  static Mappings *mappings = new Mappings;
  return *mappings;
}

} // namespace

void mapped(const void *address, std::size_t bytes) {
  if (!bytes)
    return;
  RuntimeScope ours; // the map's allocations are ferry's
  Mappings &m = all();
  const Range range = range_of(address, bytes);
  std::lock_guard<std::mutex> lock(m.mutex);
  m.ends[range.begin] = range.end;
  m.count.store(m.ends.size(), std::memory_order_release);
}

void unmapped(const void *address, std::size_t bytes) {
  Mappings &m = all();
  if (m.count.load(std::memory_order_acquire) == 0 || !bytes)
    return;
  RuntimeScope ours;
  const Range gone = range_of(address, bytes);
  std::lock_guard<std::mutex> lock(m.mutex);
  // What is left of each mapping around the range stays recorded.
  auto it = m.ends.upper_bound(gone.begin);
  if (it != m.ends.begin())
    --it;
  while (it != m.ends.end() && it->first < gone.end) {
    const Range mapping{it->first, it->second};
    if (mapping.end <= gone.begin) {
      ++it;
      continue;
    }
    it = m.ends.erase(it);
    if (mapping.begin < gone.begin && gone.begin < mapping.end)
      m.ends[mapping.begin] = gone.begin;
    if (mapping.begin < gone.end && gone.end < mapping.end)
      m.ends[gone.end] = mapping.end;
  }
  m.count.store(m.ends.size(), std::memory_order_release);
}

std::size_t bytes_at(const void *address) {
  Mappings &m = all();
  if (m.count.load(std::memory_order_acquire) == 0)
    return 0;
  std::lock_guard<std::mutex> lock(m.mutex);
  auto found = m.ends.find(reinterpret_cast<std::uintptr_t>(address));
  return found == m.ends.end() ? 0 : found->second - found->first;
}

bool overlaps(const void *host, std::size_t bytes) {
  Mappings &m = all();
  if (m.count.load(std::memory_order_acquire) == 0 || !bytes)
    return false;
  const Range range = range_of(host, bytes);
  std::lock_guard<std::mutex> lock(m.mutex);
  auto next = m.ends.lower_bound(range.end);
  if (next == m.ends.begin())
    return false;
  return std::prev(next)->second > range.begin;
}

} // namespace ferry::rt::shared_mappings
