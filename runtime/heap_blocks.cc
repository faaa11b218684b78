// See heap_blocks.h.
#include "heap_blocks.h"

#include "settings.h"
#include "transfers.h"

#include <atomic>
#include <map>
#include <mutex>

namespace ferry::rt::heap_blocks {

namespace {

std::atomic<bool> on{false};

// Guarded by the mutex; its own nodes come from malloc, which the hooks
// leave alone while inside_runtime() is set.
struct Blocks {
  std::mutex mutex;
  std::map<std::uintptr_t, std::size_t> sizes;
};

Blocks &blocks() {
  // Never destroyed: free runs after static destructors.
  static Blocks *all = new Blocks;
  return *all;
}

// Not from malloc itself: reading the settings may allocate.
__attribute__((constructor)) void start_recording() {
  if (settings().check) {
    blocks();
    on.store(true, std::memory_order_release);
  }
}

struct InsideRuntime {
  InsideRuntime() { ++inside_runtime(); }
  ~InsideRuntime() { --inside_runtime(); }
};

} // namespace

bool recording() {
  return on.load(std::memory_order_relaxed) && inside_runtime() == 0;
}

void allocated(void *block, std::size_t bytes) {
  if (!block)
    return;
  InsideRuntime guard;
  Blocks &all = blocks();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.sizes[reinterpret_cast<std::uintptr_t>(block)] = bytes;
}

void freed(void *block) {
  InsideRuntime guard;
  Blocks &all = blocks();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.sizes.erase(reinterpret_cast<std::uintptr_t>(block));
}

bool find(const void *address, Range *block) {
  if (!on.load(std::memory_order_acquire))
    return false;
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  Blocks &all = blocks();
  std::lock_guard<std::mutex> lock(all.mutex);
  auto next = all.sizes.upper_bound(at);
  if (next == all.sizes.begin())
    return false;
  auto found = std::prev(next);
  // One past the end belongs to no block (an empty range may sit there).
  if (at >= found->first + found->second)
    return false;
  *block = {found->first, found->first + found->second};
  return true;
}

} // namespace ferry::rt::heap_blocks
