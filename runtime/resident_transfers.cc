// The resident transfer policy (the default): device copies outlive
// launches, and only stale bytes move.
//
// Each host range a kernel touches gets an entry in the residency table with
// one device allocation, associated with the host range so that the
// region's map clauses find it present.  Per byte range the entry knows
// which side is newer; a kernel that reads uploads only what the host
// changed, a kernel that writes leaves the host copy stale there, and the
// host-sync calls inserted by the plugin (or made through <ferry/ferry.hpp>)
// copy back only what the device changed.  A range that extends or joins
// existing entries makes one entry of them, keeping the data of each.
// When the device is full, entries not used by the launch are evicted,
// least recently used first, clean ones before dirty ones (which are copied
// back first); if that is not enough the program stops with the host data
// intact.
#include "transfers.h"

#include "abi.h"
#include "check_mode.h"
#include "residency_table.h"
#include "stats.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace ferry::rt {

namespace {

// Blocks freed by threads that could not take the table's lock, until the
// next holder of the lock forgets them.  A fixed set of slots: the free
// hook must not allocate.
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

class ResidentTransfers final : public TransferPolicy {
public:
  explicit ResidentTransfers(Device &device) : device_(device) {}

  void acquire(Buffer &buffer) override {
    buffer.view = buffer.host;
    if (!device_.has_separate_memory() || buffer.bytes == 0)
      return;
    RuntimeSection section(*this);
    const Range range = range_of(buffer.host, buffer.bytes);
    ResidentBuffer *entry = table_.find_containing(range);
    if (!entry && table_.find_overlapping(range).empty() &&
        device_.mapped_by_user(buffer.host)) {
      buffer.mapped_by_user = true; // the user's own target data owns it
      return;
    }
    if (!entry)
      entry = &create_entry(range, buffer.name);
    ++entry->in_use;
    entry->last_use = table_.tick();
    entry->name = buffer.name;
    if (kernel_reads(buffer.ownership)) {
      if (check_mode::enabled())
        for (const Range &part : check_mode::shared_pages(entry->host))
          entry->stale_on_device.add(intersect(part, range));
      upload(*entry, range);
    }
    protect(*entry);
    buffer.device_copy = entry->device; // marks the buffer as ours
  }

  void *view(Buffer &buffer) override {
    buffer.direct_address = nullptr;
    if (!buffer.device_copy)
      return buffer.host;
    RuntimeSection section(*this);
    ResidentBuffer *entry =
        table_.find_containing(range_of(buffer.host, buffer.bytes));
    buffer.direct_address =
        entry->device_address(reinterpret_cast<std::uintptr_t>(buffer.host));
    return device_.region_address(buffer.host, buffer.direct_address);
  }

  void release(Buffer &buffer) override {
    if (!buffer.device_copy)
      return;
    RuntimeSection section(*this);
    const Range range = range_of(buffer.host, buffer.bytes);
    ResidentBuffer *entry = table_.find_containing(range);
    --entry->in_use;
    if (kernel_writes(buffer.ownership)) {
      device_newer(*entry, range);
    } else if (buffer.ownership == FERRY_SCRATCH) {
      // The device holds scratch values, not the host's bytes.
      entry->stale_on_device.add(range);
      protect(*entry);
    }
    buffer.device_copy = nullptr;
  }

  void sync_to_host(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      download(*entry, clip(*entry, host, bytes));
      protect(*entry);
    }
  }

  void host_wrote(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      const Range range = clip(*entry, host, bytes);
      download(*entry, range); // keep what the host does not overwrite
      entry->stale_on_device.add(range);
      protect(*entry);
    }
  }

  void host_overwrote(const void *host, std::size_t bytes) override {
    // Check mode opens whole pages, so the bytes around must come back.
    if (check_mode::enabled())
      return host_wrote(host, bytes);
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      const Range range = clip(*entry, host, bytes);
      entry->stale_on_host.remove(range);
      entry->stale_on_device.add(range);
    }
  }

  void prefetch(const void *host, std::size_t bytes) override {
    if (!device_.has_separate_memory() || bytes == 0)
      return;
    RuntimeSection section(*this);
    const Range range = range_of(host, bytes);
    ResidentBuffer *entry = table_.find_containing(range);
    if (!entry)
      entry = &create_entry(range, "prefetched buffer");
    entry->last_use = table_.tick();
    upload(*entry, range);
    protect(*entry);
  }

  void release_range(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      download(*entry, entry->host);
      drop(entry);
    }
  }

  // The free hook, on any thread.  A thread of the GPU driver may free its
  // own memory while holding a driver lock that a copy made under our lock
  // waits for: such a thread must not wait for our lock.  So a thread that
  // never used the table hands the block over instead when the lock is
  // taken; every later use of the table forgets it first, before the
  // memory can come back from malloc as another buffer.
  void host_freeing(const void *host, std::size_t bytes) override {
    if (table_size_.load(std::memory_order_relaxed) == 0)
      return;
    if (used_the_runtime()) {
      mutex_.lock();
    } else if (!mutex_.try_lock()) {
      if (deferred_frees_.push(host, bytes))
        return;
      mutex_.lock(); // every slot taken: wait after all
    }
    std::lock_guard<std::mutex> locked(mutex_, std::adopt_lock);
    ++inside_runtime();
    drop_touching(host, bytes);
    --inside_runtime();
  }

  void forget(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    drop_touching(host, bytes);
  }

  void sync_all() override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : table_.by_last_use()) {
      download(*entry, entry->host);
      protect(*entry);
    }
  }

  void *device_address(const void *host, std::size_t bytes) override {
    if (!device_.has_separate_memory())
      return const_cast<void *>(host);
    prefetch(host, bytes);
    RuntimeSection section(*this);
    ResidentBuffer *entry = table_.find_containing(range_of(host, bytes));
    return entry->device_address(reinterpret_cast<std::uintptr_t>(host));
  }

  void device_wrote(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    const Range range = range_of(host, bytes);
    if (ResidentBuffer *entry = table_.find_containing(range))
      device_newer(*entry, range);
  }

  bool holds(const void *host, std::size_t bytes) override {
    if (table_size_.load(std::memory_order_relaxed) == 0)
      return false;
    RuntimeSection section(*this);
    return !entries_touching(host, bytes).empty();
  }

  const char *name_at(const void *host) override {
    std::unique_lock<std::mutex> lock(mutex_, std::try_to_lock);
    if (!lock.owns_lock())
      return nullptr;
    ResidentBuffer *entry = table_.find_containing(range_of(host, 1));
    return entry ? entry->name : nullptr;
  }

private:
  // Holds the table's lock and tells the memory hooks that frees inside
  // the runtime are its own; first forgets the frees that were deferred.
  class RuntimeSection {
  public:
    explicit RuntimeSection(ResidentTransfers &owner) : lock_(owner.mutex_) {
      ++inside_runtime();
      used_the_runtime() = true;
      owner.deferred_frees_.drain(
          [&owner](const void *host, std::size_t bytes) {
            owner.drop_touching(host, bytes);
          });
    }
    ~RuntimeSection() { --inside_runtime(); }

  private:
    std::lock_guard<std::mutex> lock_;
  };

  // Whether this thread ever used the residency table: the CUDA driver's
  // and libgomp's own threads never do.
  static bool &used_the_runtime() {
    thread_local bool used = false;
    return used;
  }

  // The entries overlapping [host, host + bytes); bytes == 0: the entry
  // containing HOST.
  std::vector<ResidentBuffer *> entries_touching(const void *host,
                                                 std::size_t bytes) {
    if (bytes == 0) {
      ResidentBuffer *entry = table_.find_containing(range_of(host, 1));
      return entry ? std::vector<ResidentBuffer *>{entry}
                   : std::vector<ResidentBuffer *>{};
    }
    return table_.find_overlapping(range_of(host, bytes));
  }

  static Range intersect(Range a, Range b) {
    return {std::max(a.begin, b.begin), std::min(a.end, b.end)};
  }

  // The part of [host, host + bytes) inside ENTRY (all of it for bytes ==
  // 0), widened to whole pages in check mode.
  static Range clip(const ResidentBuffer &entry, const void *host,
                    std::size_t bytes) {
    if (bytes == 0)
      return entry.host;
    const Range range = intersect(range_of(host, bytes), entry.host);
    return check_mode::enabled() ? check_mode::widen_to_pages(range, entry.host)
                                 : range;
  }

  void upload(ResidentBuffer &entry, Range range) {
    for (const Range &part : entry.stale_on_device.parts_within(range)) {
      if (check_mode::enabled())
        check_mode::unprotect(entry.host);
      device_.copy_to_device(entry.device_address(part.begin),
                             reinterpret_cast<const void *>(part.begin),
                             part.size());
      count_host_to_device(part.size(), entry.name);
      entry.stale_on_device.remove(part);
    }
  }

  void download(ResidentBuffer &entry, Range range) {
    for (const Range &part : entry.stale_on_host.parts_within(range)) {
      if (check_mode::enabled())
        check_mode::unprotect(entry.host);
      device_.copy_to_host(reinterpret_cast<void *>(part.begin),
                           entry.device_address(part.begin), part.size());
      count_device_to_host(part.size(), entry.name);
      entry.stale_on_host.remove(part);
    }
  }

  // The device wrote RANGE of ENTRY.  Check mode cannot guard the pages
  // the entry shares with other data, so what lands there comes back now.
  void device_newer(ResidentBuffer &entry, Range range) {
    entry.stale_on_device.remove(range);
    entry.stale_on_host.add(range);
    if (check_mode::enabled())
      for (const Range &part : check_mode::shared_pages(entry.host))
        download(entry, part);
    protect(entry);
  }

  static void protect(const ResidentBuffer &entry) {
    if (check_mode::enabled())
      check_mode::protect(entry);
  }

  // Drops the entries overlapping [host, host + bytes): the memory is gone.
  void drop_touching(const void *host, std::size_t bytes) {
    for (ResidentBuffer *entry : entries_touching(host, bytes))
      drop(entry);
  }

  void drop(ResidentBuffer *entry) {
    if (check_mode::enabled())
      check_mode::unprotect(entry->host);
    device_.disassociate(reinterpret_cast<void *>(entry->host.begin));
    device_.deallocate(entry->device);
    table_.erase(entry);
    table_size_.store(table_.size(), std::memory_order_relaxed);
  }

  // A new entry covering RANGE and every entry it overlaps, which it
  // replaces with their device data kept.
  ResidentBuffer &create_entry(Range range, const char *name) {
    std::vector<ResidentBuffer *> joined = table_.find_overlapping(range);
    Range whole = range;
    for (ResidentBuffer *old : joined) {
      whole.begin = std::min(whole.begin, old->host.begin);
      whole.end = std::max(whole.end, old->host.end);
    }
    void *memory = allocate(whole.size(), name, joined);
    // Everything is stale on the device, except what the joined entries
    // held, which moves over on the device.
    RangeSet stale_on_device, stale_on_host;
    stale_on_device.add(whole);
    unsigned in_use = 0;
    for (ResidentBuffer *old : joined) {
      device_.copy_on_device(static_cast<char *>(memory) +
                                 (old->host.begin - whole.begin),
                             old->device, old->host.size());
      stale_on_device.remove(old->host);
      for (const Range &part : old->stale_on_device.parts_within(old->host))
        stale_on_device.add(part);
      for (const Range &part : old->stale_on_host.parts_within(old->host))
        stale_on_host.add(part);
      in_use += old->in_use;
      device_.disassociate(reinterpret_cast<void *>(old->host.begin));
      device_.deallocate(old->device);
      table_.erase(old);
    }
    ResidentBuffer &entry = table_.insert(whole, memory);
    entry.stale_on_device = stale_on_device;
    entry.stale_on_host = stale_on_host;
    entry.in_use = in_use;
    entry.name = name;
    device_.associate(reinterpret_cast<void *>(whole.begin), memory,
                      whole.size());
    protect(entry);
    table_size_.store(table_.size(), std::memory_order_relaxed);
    return entry;
  }

  // Device memory for BYTES, evicting entries that no launch uses (and
  // that are not about to be joined): clean ones first, least recently
  // used first; then dirty ones, copied back first.
  void *allocate(std::size_t bytes, const char *name,
                 const std::vector<ResidentBuffer *> &keep) {
    if (void *memory = device_.allocate(bytes))
      return memory;
    for (bool dirty_too : {false, true}) {
      for (ResidentBuffer *entry : table_.by_last_use()) {
        if (entry->in_use ||
            std::find(keep.begin(), keep.end(), entry) != keep.end() ||
            (!dirty_too && !entry->clean()))
          continue;
        download(*entry, entry->host);
        drop(entry);
        if (void *memory = device_.allocate(bytes))
          return memory;
      }
    }
    // Nothing left to evict: stop with the host data intact.
    for (ResidentBuffer *entry : table_.by_last_use())
      download(*entry, entry->host);
    std::fprintf(stderr,
                 "ferry: out of device memory: %zu bytes for '%s' do not fit "
                 "next to the other buffers of the launch (%zu on the "
                 "device); the host copies are up to date\n",
                 bytes, name, table_.size());
    std::exit(EXIT_FAILURE);
  }

  Device &device_;
  ResidencyTable table_;
  std::mutex mutex_;
  std::atomic<std::size_t> table_size_{0};
  DeferredFrees deferred_frees_;
};

} // namespace

std::unique_ptr<TransferPolicy> make_resident_transfers(Device &device) {
  return std::make_unique<ResidentTransfers>(device);
}

} // namespace ferry::rt
