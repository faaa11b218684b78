// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See heap_blocks.h.
#include "pages/heap_blocks.h"

#include "core/scopes.h"
#include "core/settings.h"

#include <atomic>
#include <map>
#include <mutex>

namespace ferry::rt::heap_blocks {

namespace {

std::atomic<bool> all_on{false};
std::atomic<bool> aligned_on{false};

// Guarded by the mutex; its own nodes come from malloc, which the hooks
// leave alone while inside_runtime() is set.
struct Blocks {
  std::mutex mutex;
  std::map<std::uintptr_t, Block> by_start;
};

Blocks &blocks() {
  // Never destroyed: free runs after static destructors.
  static Blocks *all = new Blocks;
  return *all;
}

// Not from malloc itself: reading the settings may allocate.
__attribute__((constructor)) void start() {
  const Settings &config = settings();
  blocks();
  all_on.store(config.check, std::memory_order_release);
  aligned_on.store(config.residency &&
                       (config.check || config.coherence == Coherence::pages),
                   std::memory_order_release);
}

} // namespace

bool recording_all() {
  return all_on.load(std::memory_order_relaxed) && inside_runtime() == 0;
}

bool aligning() {
  return aligned_on.load(std::memory_order_relaxed) && inside_runtime() == 0;
}

void allocated(void *block, std::size_t bytes, bool page_aligned) {
  if (!block)
    return;
  RuntimeScope ours;
  Blocks &all = blocks();
  const auto start = reinterpret_cast<std::uintptr_t>(block);
  std::lock_guard<std::mutex> lock(all.mutex);
  all.by_start[start] = Block{{start, start + bytes}, page_aligned};
}

void freed(void *block) {
  RuntimeScope ours;
  Blocks &all = blocks();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.by_start.erase(reinterpret_cast<std::uintptr_t>(block));
}

bool runs_past(const void *host, std::size_t bytes, std::size_t *room) {
  Block block;
  if (!bytes || !find(host, &block))
    return false;
  const auto begin = reinterpret_cast<std::uintptr_t>(host);
  if (begin + bytes <= block.range.end)
    return false;
  *room = block.range.end - begin;
  return true;
}

bool find(const void *address, Block *block) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  Blocks &all = blocks();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto next = all.by_start.upper_bound(at);
  if (next == all.by_start.begin())
    return false;
  const Block &found = std::prev(next)->second;
  // One past the end belongs to no block (an empty range may sit there).
  if (at >= found.range.end)
    return false;
  *block = found;
  return true;
}

} // namespace ferry::rt::heap_blocks
