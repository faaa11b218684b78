// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Blocks freed by threads that could not take the residency table's lock
// (resident_transfers.cc; doc/design.md, "Freed memory"), kept until the
// next holder of the lock forgets them.  A fixed set of slots: the free
// hook must not allocate.
#ifndef FERRY_RUNTIME_DEFERRED_FREES_H
#define FERRY_RUNTIME_DEFERRED_FREES_H

#include <atomic>
#include <cstddef>

namespace ferry::rt {

class DeferredFrees {
public:
  // False when every slot is taken.
  bool push(const void *host, std::size_t bytes) {
    for (Slot &slot : slots_) {
      int empty = kEmpty;
      if (!slot.state.compare_exchange_strong(empty, kFilling,
                                              std::memory_order_acquire))
        continue;
      slot.host = host;
      slot.bytes = bytes;
      slot.state.store(kReady, std::memory_order_release);
      pending_.fetch_add(1, std::memory_order_release);
      return true;
    }
    return false;
  }

  // Calls FORGET(host, bytes) for each pushed block; under the table lock.
  template <class Forget> void drain(Forget forget) {
    if (pending_.load(std::memory_order_acquire) == 0)
      return;
    for (Slot &slot : slots_) {
      if (slot.state.load(std::memory_order_acquire) != kReady)
        continue;
      forget(slot.host, slot.bytes);
      slot.state.store(kEmpty, std::memory_order_release);
      pending_.fetch_sub(1, std::memory_order_relaxed);
    }
  }

private:
  enum { kEmpty, kFilling, kReady };
  struct Slot {
    std::atomic<int> state{kEmpty};
    const void *host = nullptr;
    std::size_t bytes = 0;
  };
  Slot slots_[256];
  std::atomic<int> pending_{0};
};

} // namespace ferry::rt

#endif
