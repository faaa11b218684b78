// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See shared_mappings.h.
#include "pages/shared_mappings.h"

#include "core/scopes.h"
#include "pages/host_pages.h"

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
  // Changes with ENDS, so that what a thread learnt of it stays true until
  // then.
  std::atomic<std::uint64_t> generation{0};
};

// The gap between two recorded mappings in which this thread's last
// question lay, and the generation it was true of: a launch asks for each
// of its buffers, and a time loop for the same ones each step, while the
// GPU driver keeps mappings of its own recorded.
struct Gap {
  std::uint64_t generation = ~std::uint64_t{0};
  Range free;
};
thread_local Gap last_gap;

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
  m.generation.fetch_add(1, std::memory_order_release);
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
  m.generation.fetch_add(1, std::memory_order_release);
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
  const std::uint64_t generation = m.generation.load(std::memory_order_acquire);
  if (last_gap.generation == generation && last_gap.free.contains(range))
    return false;
  std::lock_guard<std::mutex> lock(m.mutex);
  auto next = m.ends.lower_bound(range.end);
  const std::uintptr_t gap_begin =
      next == m.ends.begin() ? 0 : std::prev(next)->second;
  if (gap_begin > range.begin)
    return true;
  last_gap = {m.generation.load(std::memory_order_relaxed),
              {gap_begin, next == m.ends.end() ? UINTPTR_MAX : next->first}};
  return false;
}

std::uint64_t generation() {
  return all().generation.load(std::memory_order_acquire);
}

} // namespace ferry::rt::shared_mappings
