// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
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
// intact.  The guarded pages of large buffers are page-locked where the
// device can (pinned_pages.h), so that copies reach them by DMA, and
// copies back do while the CPU still sees them closed (entry_copies.h
// moves the bytes, in pieces the driver accepts).  The same launch
// again, on a table its last run left unchanged, skips the table
// (repeated_launches.h).  Buffers in heap blocks under a page
// (small_blocks.h) are guarded in groups that share pages, or not at all;
// which pages each entry guards, and how, is entry_guards.h's.
#include "core/scopes.h"
#include "residency/transfers.h"

#include "abi.h"
#include "core/ranks.h"
#include "core/settings.h"
#include "core/stats.h"
#include "pages/page_guard.h"
#include "pages/pinned_pages.h"
#include "residency/deferred_frees.h"
#include "residency/entry_copies.h"
#include "residency/entry_guards.h"
#include "residency/repeated_launches.h"
#include "residency/residency_table.h"
#include "residency/unguarded_parts.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

namespace ferry::rt {

namespace {

class ResidentTransfers final : public TransferPolicy {
public:
  void acquire(const Target &target, Buffer &buffer) override {
    RuntimeSection section(*this);
    acquire_locked(target, buffer);
  }

  void *view(const Target &target, Buffer &buffer) override {
    RuntimeSection section(*this);
    return view_locked(target, buffer);
  }

  void release(const Target &, Buffer &buffer) override {
    RuntimeSection section(*this);
    release_locked(buffer);
  }

  // A lock per launch, not three per buffer: a launch-bound loop spends a
  // tenth of its bookkeeping taking it.
  void acquire_all(const Target &target,
                   std::vector<Buffer> &buffers) override {
    RuntimeSection section(*this);
    ThisLaunch &launch = this_launch;
    launch.repeated = target.device->has_separate_memory() &&
                      &target == last_target_ &&
                      repeated_.find(buffers, marks_before_this_section());
    if (launch.repeated) {
      for (Buffer &buffer : buffers)
        if (auto *entry = static_cast<ResidentBuffer *>(buffer.entry)) {
          ++entry->in_use;
          entry->last_use = table_.tick();
        }
      --sections_; // changed nothing
      launch.at_acquire = marks();
      count_repeated_launch();
      return;
    }
    launch.at_acquire = marks();
    for (Buffer &buffer : buffers)
      acquire_locked(target, buffer);
    for (Buffer &buffer : buffers)
      buffer.view = view_locked(target, buffer);
  }

  void release_all(const Target &, std::vector<Buffer> &buffers) override {
    RuntimeSection section(*this);
    const ThisLaunch &launch = this_launch;
    if (launch.repeated && marks_before_this_section() == launch.at_acquire) {
      for (Buffer &buffer : buffers)
        if (buffer.device_copy) {
          --static_cast<ResidentBuffer *>(buffer.entry)->in_use;
          buffer.device_copy = nullptr;
        }
      --sections_;
      return;
    }
    // As released below, the entries of a launch that changed nothing.
    const bool quiet = !launch.repeated &&
                       marks_before_this_section() == launch.at_acquire &&
                       quiet_entries(buffers);
    for (Buffer &buffer : buffers)
      release_locked(buffer);
    if (quiet && marks_before_this_section() == launch.at_acquire) {
      sections_ -= 2;
      repeated_.remember(buffers, marks());
    }
  }

private:
  void acquire_locked(const Target &target, Buffer &buffer) {
    buffer.view = buffer.host;
    if (!target.device->has_separate_memory() || buffer.bytes == 0)
      return;
    const Range range = range_of(buffer.host, buffer.bytes);
    come_to(target, range, buffer.name);
    ResidentBuffer *entry = table_.find_containing(range);
    if (!entry && table_.find_overlapping(range).empty() &&
        target.device->mapped_by_user(buffer.host)) {
      buffer.mapped_by_user = true; // the user's own target data owns it
      return;
    }
    if (!entry) {
      refuse_unmapped(range, buffer.name);
      entry = &create_entry(target, range, buffer.name,
                            kernel_reads(buffer.ownership));
    }
    ++entry->in_use;
    entry->last_use = table_.tick();
    entry->name = buffer.name;
    if (kernel_reads(buffer.ownership)) {
      // The copies of unguarded parts change only when such bytes go up.
      bool unguarded_upload = false;
      for (const Range &part : unguarded_parts(*entry)) {
        const Range mine = intersect(part, range);
        if (!unchanged_since_copied(*entry, mine))
          entry->stale_on_device.add(mine);
        unguarded_upload = unguarded_upload ||
                           !entry->stale_on_device.parts_within(mine).empty();
      }
      copies_.upload(*entry, range);
      if (unguarded_upload)
        remember_unguarded(*entry, range);
    }
    guards_.protect(*entry);
    buffer.device_copy = entry->device; // marks the buffer as ours
    buffer.entry = entry;
  }

  // Whether the entries of BUFFERS, acquired, are as a release would
  // leave them: none of their bytes on unguarded pages (an acquire compares
  // them), none measuring host faults (device_newer), none the user's.
  bool quiet_entries(const std::vector<Buffer> &buffers) {
    for (const Buffer &buffer : buffers) {
      if (buffer.bytes == 0)
        continue;
      const auto *entry = static_cast<const ResidentBuffer *>(buffer.entry);
      if (!buffer.device_copy || !entry || entry->host_rewrites ||
          entry->pin_at_release || unguarded_parts(*entry).count != 0)
        return false;
    }
    return true;
  }

  void *view_locked(const Target &target, Buffer &buffer) {
    buffer.direct_address = nullptr;
    if (!buffer.device_copy)
      return buffer.host;
    ResidentBuffer *entry =
        table_.find_containing(range_of(buffer.host, buffer.bytes));
    buffer.direct_address =
        entry->device_address(reinterpret_cast<std::uintptr_t>(buffer.host));
    return target.device->region_address(buffer.host, buffer.direct_address);
  }

  void release_locked(Buffer &buffer) {
    if (!buffer.device_copy)
      return;
    const Range range = range_of(buffer.host, buffer.bytes);
    ResidentBuffer *entry = table_.find_containing(range);
    --entry->in_use;
    if (entry->pin_at_release) {
      entry->pin_at_release = false;
      pinned_.pin(*entry, *entry->target->device);
    }
    if (kernel_writes(buffer.ownership)) {
      device_newer(*entry, range);
    } else if (buffer.ownership == FERRY_SCRATCH) {
      // The device holds scratch values, not the host's bytes.
      entry->stale_on_device.add(range);
      guards_.protect(*entry);
    }
    buffer.device_copy = nullptr;
  }

public:
  void sync_to_host(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      copies_.download(*entry, clip(*entry, host, bytes));
      guards_.protect(*entry);
    }
  }

  void host_wrote(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      const Range range = clip(*entry, host, bytes);
      copies_.download(*entry, range); // keep what the host does not overwrite
      entry->stale_on_device.add(range);
      guards_.protect(*entry);
    }
  }

  void host_overwrote(const void *host, std::size_t bytes) override {
    // Guarded pages open whole, so the bytes around must come back.
    if (page_guard::enabled())
      return host_wrote(host, bytes);
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      const Range range = clip(*entry, host, bytes);
      entry->stale_on_host.remove(range);
      entry->stale_on_device.add(range);
    }
  }

  bool read_current(const void *host, std::size_t bytes, void *out) override {
    RuntimeSection section(*this);
    const Range range = range_of(host, bytes);
    std::vector<std::pair<ResidentBuffer *, Range>> newer;
    for (ResidentBuffer *entry : entries_touching(host, bytes))
      for (const Range &part :
           entry->stale_on_host.parts_within(intersect(range, entry->host)))
        newer.push_back({entry, part});
    // The host's current bytes, then the device's newer ones.
    char *to = static_cast<char *>(out);
    RangeSet host_current;
    host_current.add(range);
    for (auto &[entry, part] : newer)
      host_current.remove(part);
    bool read = true;
    for (const Range &part : host_current.parts_within(range))
      read = read && page_guard::read_closed(to + (part.begin - range.begin),
                                             part.begin, part.size());
    if (!read) {
      // No reading around the protection here: sync, a page at a time.
      for (auto &[entry, part] : newer) {
        copies_.download(*entry, clip(*entry, host, bytes));
        guards_.protect(*entry);
      }
      std::memcpy(to, host, bytes);
      return !newer.empty();
    }
    for (auto &[entry, part] : newer) {
      entry->target->device->copy_to_host(to + (part.begin - range.begin),
                                          entry->device_address(part.begin),
                                          part.size());
      count_device_to_host(part.size(), entry->name);
    }
    return !newer.empty();
  }

  void host_replaced(void *host, const void *from, std::size_t bytes) override {
    RuntimeSection section(*this);
    const Range range = range_of(host, bytes);
    std::vector<ResidentBuffer *> entries = entries_touching(host, bytes);
    for (ResidentBuffer *entry : entries) {
      const Range mine = intersect(range, entry->host);
      entry->stale_on_host.remove(mine);
      entry->stale_on_device.add(mine);
    }
    if (!page_guard::write_closed(range.begin, from, bytes)) {
      for (ResidentBuffer *entry : entries)
        page_guard::open(*entry);
      std::memcpy(host, from, bytes);
    }
    for (ResidentBuffer *entry : entries)
      guards_.protect(*entry);
  }

  bool device_received(void *host, const void *from,
                       std::size_t bytes) override {
    if (bytes == 0)
      return false;
    RuntimeSection section(*this);
    const Range range = range_of(host, bytes);
    ResidentBuffer *entry = table_.find_containing(range);
    if (!entry || (page_guard::enabled() && !entry->guarded.contains(range)))
      return false;
    entry->target->device->copy_to_device(entry->device_address(range.begin),
                                          from, bytes);
    count_host_to_device(bytes, entry->name);
    entry->stale_on_device.remove(range);
    entry->stale_on_host.add(range);
    guards_.protect(*entry);
    return true;
  }

  void prefetch(const Target &target, const void *host,
                std::size_t bytes) override {
    if (!target.device->has_separate_memory() || bytes == 0)
      return;
    RuntimeSection section(*this);
    const Range range = range_of(host, bytes);
    come_to(target, range, "prefetched buffer");
    ResidentBuffer *entry = table_.find_containing(range);
    if (!entry)
      entry = &create_entry(target, range, "prefetched buffer");
    entry->last_use = table_.tick();
    copies_.upload(*entry, range);
    guards_.protect(*entry);
  }

  void release_range(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      copies_.download(*entry, entry->host);
      drop(entry);
    }
  }

  // The free hook, on any thread.  A thread of the GPU driver, or one in
  // libgomp or the driver (runtime.h, LibraryCall), may free its own memory
  // holding a lock that a copy made under our lock waits for.  So such a
  // thread hands the block over instead when our lock is taken; every
  // later use of the table forgets it first, before the memory can come
  // back from malloc as another buffer.
  void host_freeing(const void *host, std::size_t bytes) override {
    if (table_size_.load(std::memory_order_relaxed) == 0 ||
        !table_.may_touch(range_of(host, std::max<std::size_t>(bytes, 1))))
      return;
    RuntimeScope ours; // outlives the lock (RuntimeSection says why)
    if (used_the_runtime() && library_calls() == 0) {
      mutex_.lock();
    } else if (!mutex_.try_lock()) {
      if (deferred_frees_.push(host, bytes))
        return;
      mutex_.lock(); // every slot taken: wait after all
    }
    std::lock_guard<std::mutex> locked(mutex_, std::adopt_lock);
    drop_touching(host, bytes);
  }

  // As host_freeing, but the data comes back first.  A thread of the GPU
  // driver or of libgomp, or one inside them, that finds the lock taken
  // changes memory of its own, never a buffer: it goes on.
  void host_remapping(const void *host, std::size_t bytes) override {
    if (table_size_.load(std::memory_order_relaxed) == 0)
      return;
    RuntimeScope ours; // outlives the lock (RuntimeSection says why)
    std::unique_lock<std::mutex> lock(mutex_, std::defer_lock);
    if (used_the_runtime() && library_calls() == 0)
      lock.lock();
    else if (!lock.try_lock())
      return;
    for (ResidentBuffer *entry : entries_touching(host, bytes)) {
      copies_.download(*entry, entry->host);
      drop(entry);
    }
  }

  void forget(const void *host, std::size_t bytes) override {
    RuntimeSection section(*this);
    drop_touching(host, bytes);
  }

  void sync_all() override {
    RuntimeSection section(*this);
    for (ResidentBuffer *entry : table_.by_last_use()) {
      copies_.download(*entry, entry->host);
      guards_.protect(*entry);
    }
  }

  void before_fork() override {
    sync_all();
    mutex_.lock();
  }

  void after_fork(bool child) override {
    RuntimeScope ours; // outlives the lock (RuntimeSection says why)
    if (child) {
      for (ResidentBuffer *entry : table_.by_last_use()) {
        page_guard::open(*entry);
        table_.erase(entry);
      }
      table_size_.store(0, std::memory_order_relaxed);
      deferred_frees_.drain([](const void *, std::size_t) {});
    }
    mutex_.unlock();
  }

  void *device_address(const Target &target, const void *host,
                       std::size_t bytes) override {
    if (!target.device->has_separate_memory())
      return const_cast<void *>(host);
    prefetch(target, host, bytes);
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

  // Asked before most host statements that read memory (the plugin's
  // __ferry_host_access), mostly of the stack and of objects no kernel
  // sees: those are answered without the lock, as the free hook's are.
  bool holds(const void *host, std::size_t bytes) override {
    if (table_size_.load(std::memory_order_relaxed) == 0 ||
        !table_.may_touch(range_of(host, std::max<std::size_t>(bytes, 1))))
      return false;
    RuntimeSection section(*this);
    // As entries_touching, without the list.
    return bytes ? table_.overlaps_any(range_of(host, bytes))
                 : table_.find_containing(range_of(host, 1)) != nullptr;
  }

  bool resolve_fault(const void *address, bool write) override {
    // ferry's own copies open the pages first: a fault here is no access
    // to resolve.
    if (inside_runtime() > 0)
      return false;
    RuntimeSection section(*this);
    const Range page = page_guard::whole_pages(range_of(address, 1));
    std::vector<ResidentBuffer *> entries = table_.find_overlapping(page);
    if (std::none_of(entries.begin(), entries.end(), [&](ResidentBuffer *e) {
          return e->guarded.contains(page);
        }))
      return false;
    // A read brings back what the device changed in read_window: a window
    // of the buffer for the first read fault after a launch that starts
    // inside it, everything for the others.  A write brings back its page only,
    // the first few times after each launch: the host often writes a
    // little (a boundary row) into a buffer it does not read.  After that
    // the whole buffer opens for writing, so that a host loop over all of
    // it costs a few faults, not one per page, and at most what the naive
    // mode moves.  A buffer the host wrote that much after the last launch
    // opens at the first fault after this one (host threads updating a
    // field each step).  The access may be to a neighbour on the page:
    // each buffer there answers for its own part.
    for (ResidentBuffer *entry : entries) {
      if (write)
        ++entry->write_faults;
      const bool open_all =
          entry->host_rewrites || entry->write_faults > kFewWriteFaults;
      if (open_all)
        copies_.download(*entry,
                         entry->host); // all of it becomes the host's below
      else if (write)
        copies_.download(*entry, intersect(page, entry->host));
      else
        copies_.download(*entry, read_window(*entry, page));
      if (open_all)
        entry->stale_on_device.add(entry->host);
      else if (write)
        entry->stale_on_device.add(intersect(page, entry->host));
    }
    for (ResidentBuffer *entry : entries)
      guards_.protect(*entry);
    count_fault();
    return true;
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
    explicit RuntimeSection(ResidentTransfers &owner)
        : ours_(), lock_(owner.mutex_) {
      used_the_runtime() = true;
      ++owner.sections_;
      owner.deferred_frees_.drain(
          [&owner](const void *host, std::size_t bytes) {
            owner.drop_touching(host, bytes);
          });
    }

  private:
    // Ends after the lock is released: the program's signal handlers that
    // waited (runtime.h) may touch buffers, and so take the lock.
    RuntimeScope ours_;
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
  // 0), widened to whole pages while pages are guarded.
  static Range clip(const ResidentBuffer &entry, const void *host,
                    std::size_t bytes) {
    if (bytes == 0)
      return entry.host;
    const Range range = intersect(range_of(host, bytes), entry.host);
    return page_guard::enabled() ? page_guard::widen_to_pages(range, entry.host)
                                 : range;
  }

  // What a read fault on PAGE of ENTRY brings back.  A read fault takes
  // kReadWindow bytes from its page on: a probe of one element, or a halo
  // routine in code the plugin does not see reading a boundary row at
  // each end, costs a window per place it reads.  A fault where the last
  // window ended means the host reads on (a loop over the buffer): it
  // takes all the rest, and so does the fault after kMostReadWindows
  // windows.  A buffer under kWindowedBytes comes back whole: its copy
  // costs little more than a window's, and host threads that fault on it
  // together then copy it once, whichever comes first.
  static Range read_window(ResidentBuffer &entry, Range page) {
    const bool reads_on =
        entry.read_faults > 0 && page.begin == entry.window_end;
    if (entry.host.size() < kWindowedBytes || reads_on ||
        entry.read_faults++ >= kMostReadWindows)
      return entry.host;
    const std::uintptr_t end = page.begin + kReadWindow;
    const Range window =
        intersect(Range{page.begin, std::max(end, page.end)}, entry.host);
    entry.window_end = window.end;
    return window;
  }

  // The device wrote RANGE of ENTRY.  What lands on pages that are not
  // guarded comes back now.
  void device_newer(ResidentBuffer &entry, Range range) {
    entry.read_faults = 0;
    // Opened for writing, the buffer shows no more faults to count: it is
    // taken to be rewritten until it is measured again (a launch whose
    // writes fault page by page), less often each time that agrees.
    if (entry.host_rewrites && ++entry.launches_opened < entry.measure_every) {
      entry.write_faults = 0;
    } else {
      const bool rewrites = entry.write_faults > kFewWriteFaults;
      entry.measure_every =
          rewrites && entry.host_rewrites
              ? std::min(entry.measure_every * 2, kMostLaunchesOpened)
              : kFirstLaunchesOpened;
      entry.host_rewrites = rewrites;
      entry.write_faults = 0;
      entry.launches_opened = 0;
    }
    entry.stale_on_device.remove(range);
    entry.stale_on_host.add(range);
    for (const Range &part : unguarded_parts(entry))
      copies_.download(entry, part);
    remember_unguarded(entry, range);
    guards_.protect(entry);
  }

  // RANGE is about to be used on TARGET: the entries of other targets
  // that overlap it move there, so that the range is resident on one
  // target at a time: by a copy between the two devices where they can
  // make one, else by bringing back what their device holds newer and
  // dropping their copies, which serves every pair of targets.  An entry
  // that a launch on the other target uses now cannot move: that is two
  // kernels on one buffer at once.
  void come_to(const Target &target, Range range, const char *name) {
    if (&target != last_target_) {
      several_targets_ = several_targets_ || last_target_ != nullptr;
      last_target_ = &target;
    }
    if (!several_targets_ || !table_.may_touch(range))
      return;
    for (ResidentBuffer *entry : table_.find_overlapping(range)) {
      if (entry->target == &target)
        continue;
      if (entry->in_use) {
        std::fprintf(stderr,
                     "%s'%s' is needed on target %d while a launch on "
                     "target %d still uses it; a buffer is on one target "
                     "at a time: wait for that launch first\n",
                     launch_in_progress().c_str(), name, target.number,
                     entry->target->number);
        std::exit(EXIT_FAILURE);
      }
      const bool peer = move_between_devices(*entry, target);
      count_target_move(entry->host.size(), peer);
      if (peer)
        continue;
      copies_.download(*entry, entry->host);
      drop(entry);
    }
  }

  // ENTRY's device copy goes to TARGET by a copy between the devices, its
  // states unchanged (what is newer on the device stays so, now there);
  // false, with ENTRY as it was, where the pair cannot copy so.
  bool move_between_devices(ResidentBuffer &entry, const Target &target) {
    Device &from = *entry.target->device;
    Device &to = *target.device;
    if (!settings().peer_copies || !to.copies_from_peer(from))
      return false;
    void *host = reinterpret_cast<void *>(entry.host.begin);
    void *memory = allocate_copy(target, entry.host, entry.name, {&entry});
    to.copy_from_peer(memory, from, entry.device, entry.host.size());
    pinned_.unpin(entry, from);
    from.disassociate(host);
    free_copy(entry);
    entry.device = memory;
    entry.target = &target;
    to.associate(host, memory, entry.host.size());
    if (!entry.pin_at_release)
      pinned_.pin(entry, to);
    return true;
  }

  // Drops the entries overlapping [host, host + bytes): the memory is gone.
  void drop_touching(const void *host, std::size_t bytes) {
    for (ResidentBuffer *entry : entries_touching(host, bytes))
      drop(entry);
  }

  void drop(ResidentBuffer *entry) {
    page_guard::open(*entry);
    pinned_.unpin(*entry, *entry->target->device);
    EntryGuards::release_claim(*entry);
    const Range pages = entry->guarded;
    entry->target->device->disassociate(
        reinterpret_cast<void *>(entry->host.begin));
    free_copy(*entry);
    table_.erase(entry);
    table_size_.store(table_.size(), std::memory_order_relaxed);
    // Neighbours on the pages it shared set them for themselves again.
    if (!pages.empty())
      for (ResidentBuffer *neighbour : table_.find_overlapping(pages)) {
        neighbour->protection.clear();
        guards_.protect(*neighbour);
      }
  }

  // A new entry covering RANGE and every entry it overlaps, which it
  // replaces with their device data kept; its pages pinned when it
  // replaces none (their pages may be closed), now if PIN_NOW, else as
  // the launch releases it.
  ResidentBuffer &create_entry(const Target &target, Range range,
                               const char *name, bool pin_now = true) {
    Device &device = *target.device;
    std::vector<ResidentBuffer *> joined = table_.find_overlapping(range);
    Range whole = range;
    for (ResidentBuffer *old : joined) {
      whole.begin = std::min(whole.begin, old->host.begin);
      whole.end = std::max(whole.end, old->host.end);
    }
    void *memory = allocate_copy(target, whole, name, joined);
    // Everything is stale on the device, except what the joined entries
    // held, which moves over on the device.
    RangeSet stale_on_device, stale_on_host;
    stale_on_device.add(whole);
    unsigned in_use = 0;
    for (ResidentBuffer *old : joined) {
      // The new entry claims its guard afresh (EntryGuards).
      if (old->claimed)
        guards_.unguard(*old);
      device.copy_on_device(static_cast<char *>(memory) +
                                (old->host.begin - whole.begin),
                            old->device, old->host.size());
      stale_on_device.remove(old->host);
      for (const Range &part : old->stale_on_device.parts_within(old->host))
        stale_on_device.add(part);
      // No fault told of host writes to its parts on unguarded pages (the
      // edges it shared with its neighbours in an arena re-split between
      // steps): what changed there since it was copied goes up again.
      for (const Range &part : unguarded_parts(*old))
        if (!unchanged_since_copied(*old, part))
          stale_on_device.add(part);
      for (const Range &part : old->stale_on_host.parts_within(old->host))
        stale_on_host.add(part);
      in_use += old->in_use;
      pinned_.unpin(*old, *old->target->device);
      device.disassociate(reinterpret_cast<void *>(old->host.begin));
      free_copy(*old);
      table_.erase(old);
    }
    ResidentBuffer &entry = table_.insert(whole, memory);
    entry.target = &target;
    entry.guarded = EntryGuards::guarded_pages(whole);
    entry.stale_on_device = stale_on_device;
    entry.stale_on_host = stale_on_host;
    entry.in_use = in_use;
    entry.name = name;
    device.associate(reinterpret_cast<void *>(whole.begin), memory,
                     whole.size());
    // Neighbours that now share a page with it are no longer alone there.
    for (ResidentBuffer *neighbour : table_.find_overlapping(entry.guarded))
      neighbour->protected_host_version = ~std::uint64_t{0};
    if (joined.empty() && pin_now)
      pinned_.pin(entry, *entry.target->device);
    entry.pin_at_release = joined.empty() && !pin_now;
    guards_.protect(entry);
    guards_.guard_small_blocks(entry);
    table_size_.store(table_.size(), std::memory_order_relaxed);
    return entry;
  }

  // A device copy of WHOLE that keeps its place within kDeviceAlignment
  // bytes: an element aligned on the host is aligned on the device, where
  // a GPU needs it, wherever the entry begins (a double at an odd place in
  // a byte buffer begins an entry that a later one joins).
  void *allocate_copy(const Target &target, Range whole, const char *name,
                      const std::vector<ResidentBuffer *> &keep) {
    const std::size_t phase = whole.begin % kDeviceAlignment;
    return static_cast<char *>(
               allocate(target, whole.size() + phase, name, keep)) +
           phase;
  }
  void free_copy(const ResidentBuffer &entry) {
    entry.target->device->deallocate(static_cast<char *>(entry.device) -
                                     entry.host.begin % kDeviceAlignment);
  }

  // A length that runs past the memory it points to, into pages that are
  // not mapped, stops the launch before a copy faults there.
  static void refuse_unmapped(Range range, const char *name) {
    const std::uintptr_t hole = page_guard::first_unmapped_page(range);
    if (!hole)
      return;
    std::fprintf(stderr,
                 "%s'%s' covers %zu bytes from %#lx, but the memory from %#lx "
                 "on is not mapped: its length is larger than the memory it "
                 "points to\n",
                 launch_in_progress().c_str(), name, range.size(),
                 static_cast<unsigned long>(range.begin),
                 static_cast<unsigned long>(hole));
    std::exit(EXIT_FAILURE);
  }

  // Memory of TARGET for BYTES, evicting its entries that no launch uses
  // (and that are not about to be joined): clean ones first, least
  // recently used first; then dirty ones, copied back first.
  void *allocate(const Target &target, std::size_t bytes, const char *name,
                 const std::vector<ResidentBuffer *> &keep) {
    Device &device = *target.device;
    if (void *memory = device.allocate(bytes))
      return memory;
    for (bool dirty_too : {false, true}) {
      for (ResidentBuffer *entry : table_.by_last_use()) {
        if (entry->target != &target || entry->in_use ||
            std::find(keep.begin(), keep.end(), entry) != keep.end() ||
            (!dirty_too && !entry->clean()))
          continue;
        copies_.download(*entry, entry->host);
        drop(entry);
        if (void *memory = device.allocate(bytes))
          return memory;
      }
    }
    // Nothing left to evict: stop with the host data intact.
    for (ResidentBuffer *entry : table_.by_last_use())
      copies_.download(*entry, entry->host);
    std::fprintf(stderr,
                 "%sout of device memory: %zu bytes for '%s' do not fit "
                 "beside the %zu buffers the running launches hold there "
                 "(%s); the host copies are up to date%s\n",
                 launch_in_progress().c_str(), bytes, name, table_.size(),
                 device.memory_report().c_str(),
                 world_rank() < 0 ? ""
                                  : " (MPI ranks that share a GPU share its "
                                    "memory: run fewer per GPU)");
    std::exit(EXIT_FAILURE);
  }

  // After this many write faults that copied back one page each, the
  // next write fault opens the whole buffer for writing (resolve_fault).
  static constexpr unsigned kFewWriteFaults = 16;
  // A read fault's window inside a buffer: 16 pages of 4 KiB, about what
  // one copy needs to run near its full speed.
  static constexpr std::uintptr_t kReadWindow = 64 * 1024;
  static constexpr std::uintptr_t kWindowedBytes = 1024 * 1024;
  static constexpr unsigned kMostReadWindows = 4;
  static constexpr unsigned kFirstLaunchesOpened = 8;
  static constexpr unsigned kMostLaunchesOpened = 256;

  ResidencyTable table_;
  std::mutex mutex_;
  PinnedPages pinned_;
  EntryCopies copies_{pinned_};
  EntryGuards guards_{table_, copies_};
  // The target of the latest launch, and whether launches have come from
  // more than one: only then may a buffer have to move (come_to).
  const Target *last_target_ = nullptr;
  bool several_targets_ = false;
  // Sections of the policy that ran, less those known to have changed
  // nothing, and the launches that changed nothing (repeated_launches.h),
  // under the lock.
  std::uint64_t sections_ = 0;
  RepeatedLaunches repeated_;
  PolicyMarks marks() const {
    return {sections_, residency_changes(), page_guard::protection_changes()};
  }
  // The marks as the current section found them.
  PolicyMarks marks_before_this_section() const {
    PolicyMarks before = marks();
    --before.sections;
    return before;
  }
  // This thread's launch, from acquire_all to release_all: whether it is
  // a remembered one, and the marks as its acquire left them.
  struct ThisLaunch {
    bool repeated = false;
    PolicyMarks at_acquire;
  };
  static thread_local ThisLaunch this_launch;
  std::atomic<std::size_t> table_size_{0};
  DeferredFrees deferred_frees_;
};

thread_local ResidentTransfers::ThisLaunch ResidentTransfers::this_launch;

} // namespace

std::unique_ptr<TransferPolicy> make_resident_transfers() {
  return std::make_unique<ResidentTransfers>();
}

} // namespace ferry::rt
