// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// How the buffers of one kernel launch reach the device and come back.
//
// A policy answers three callers, each through an interface of its own:
// the launch (LaunchTransfers: acquire() before the target region runs,
// which returns the address the region must use, and release() after it),
// host code (HostAccess: before the host touches a buffer, sync_to_host;
// after it wrote one, host_wrote; when the memory dies, forget), and the
// C++ API (ApiTransfers).  The composition root (runtime.h) hands each
// caller its own.  One policy serves every target of the process
// (devices/target.h): a launch names the target it runs on, and a buffer's
// device copy lives on one target at a time, so that the page guard, which
// is process-wide, has one book to read.  Two policies exist:
//   naive     map every launch: copy in what the kernel reads, copy out what
//             it writes (FERRY_RESIDENCY=0, the comparison baseline); nothing
//             stays on the device, so the host-sync calls have nothing to do
//   resident  keep device copies across launches and copy only what is
//             stale (the default), with the residency table behind it
// Which launches the host code has yet to answer for is frames.h's job.
#ifndef FERRY_RUNTIME_TRANSFERS_H
#define FERRY_RUNTIME_TRANSFERS_H

#include "abi.h"
#include "devices/device.h"
#include "devices/target.h"
#include "pages/page_guard.h"

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace ferry::rt {

// One pointer argument of a launch.
struct Buffer {
  const char *name = nullptr; // the kernel's parameter name
  unsigned ownership = 0;     // enum ferry_ownership
  char *host = nullptr;       // host range [host, host + bytes)
  std::size_t bytes = 0;
  std::size_t element_size = 1; // for messages in elements
  void *view = nullptr;         // set by acquire(): what the region addresses
  void *device_copy = nullptr;  // policy-private
  void *entry = nullptr;        // policy-private: the resident policy's
  // Set by view(): the device address a direct launch passes, nullptr
  // without a device copy of ferry's own (no separate memory, mapped by the
  // user, empty).
  void *direct_address = nullptr;
  bool mapped_by_user = false;    // inside the user's own target data region
  bool host_is_temporary = false; // scratch passed as nullptr: ferry's own
};

// What the kernel does with a buffer, derived from its ownership attribute
// (abi.h, enum ferry_ownership).
inline bool kernel_reads(unsigned ownership) {
  return ownership == FERRY_BORROW || ownership == FERRY_BORROW_MUT ||
         ownership == FERRY_SHARED_MUT;
}
inline bool kernel_writes(unsigned ownership) {
  return ownership == FERRY_BORROW_MUT || ownership == FERRY_OUT ||
         ownership == FERRY_SHARED_MUT;
}

// What a launch on TARGET asks of the policy (entry.cc).  A buffer whose
// device copy is on another target comes to this one: what that target
// holds newer comes back to the host, and its copy is dropped.
class LaunchTransfers {
public:
  virtual ~LaunchTransfers() = default;
  virtual void acquire(const Target &target, Buffer &buffer) = 0;
  // The address the region uses for BUFFER, once every buffer of the launch
  // is acquired (an acquire may join entries and move their copies).  Also
  // sets BUFFER.direct_address.
  virtual void *view(const Target &target, Buffer &buffer) = 0;
  virtual void release(const Target &target, Buffer &buffer) = 0;
  // A launch's buffers: each acquired, then each viewed; after the kernel,
  // each released.  A policy with a lock takes it once for all.
  virtual void acquire_all(const Target &target, std::vector<Buffer> &buffers) {
    for (Buffer &buffer : buffers)
      acquire(target, buffer);
    for (Buffer &buffer : buffers)
      buffer.view = view(target, buffer);
  }
  virtual void release_all(const Target &target, std::vector<Buffer> &buffers) {
    for (Buffer &buffer : buffers)
      release(target, buffer);
  }
};

// What host code asks of it before and after it touches memory: the
// plugin's host-sync calls (entry.cc, frames.cc), the interposers
// (runtime/hooks/), the page guard's fault handler and the MPI layer's
// messages.
class HostAccess : public page_guard::FaultResolver {
public:
  virtual ~HostAccess() = default;
  // The host is about to read or write [host, host + bytes): copy back what
  // the device changed.  bytes == 0 means the whole buffer around HOST.
  virtual void sync_to_host(const void *host, std::size_t bytes) = 0;
  // The host is about to write [host, host + bytes), and may read it: copy
  // back what the device changed, then the device copy is stale there.
  virtual void host_wrote(const void *host, std::size_t bytes) = 0;
  // The host is about to overwrite all of [host, host + bytes): the device
  // copy is stale there, and nothing needs to come back.
  virtual void host_overwrote(const void *host, std::size_t bytes) = 0;
  // For a message that sends [host, host + bytes) (runtime/mpi/messages.h):
  // copies its current bytes to OUT, from the device where the device's are
  // newer, and changes nothing else; exactly those bytes move, where a
  // sync would move the pages around them.  False, with nothing copied,
  // when the host's bytes are all current.
  virtual bool read_current(const void *, std::size_t, void *) { return false; }
  // For a message received into [host, host + bytes): FROM's bytes replace
  // the host's, written around the page protection, and the device copy is
  // stale there; nothing comes back.
  virtual void host_replaced(void *host, const void *from, std::size_t bytes) {
    host_overwrote(host, bytes);
    std::memcpy(host, from, bytes);
  }
  // For a message received into [host, host + bytes) that kernels are
  // likely to read next: FROM's bytes go to the device copy, and the host's
  // copy is stale there (guarded, so a host access brings them back).
  // False, with nothing done, where that cannot be: no device copy of all
  // of it, or part of it on pages that cannot be guarded.
  virtual bool device_received(void *, const void *, std::size_t) {
    return false;
  }
  // Copy back what the device changed, then drop the device copies.
  virtual void release_range(const void *host, std::size_t bytes) = 0;
  // The memory is being freed: drop its device copies without copying.
  virtual void forget(const void *host, std::size_t bytes) = 0;
  // The same from the free hook, which any thread may call, including the
  // GPU driver's own.
  virtual void host_freeing(const void *host, std::size_t bytes) {
    if (holds(host, bytes))
      forget(host, bytes);
  }
  // The program is about to change the protection or the mapping of
  // [host, host + bytes) itself (mprotect, mremap): what the device changed
  // comes back and ferry stops guarding those buffers.  Any thread may
  // call it; one that never used ferry does not wait for its lock.
  virtual void host_remapping(const void *host, std::size_t bytes) {
    if (holds(host, bytes))
      release_range(host, bytes);
  }
  // Copy back everything the device changed.
  virtual void sync_all() = 0;
  // Around fork (runtime.cc).  Before it, what the device holds newer comes
  // back, and the policy's lock stays taken until after_fork, so that no
  // other thread holds it in the child.  After it, in the parent nothing
  // changes; in the CHILD, which has no device, the device copies are
  // abandoned without a call to the device: every page opens and the table
  // empties.
  virtual void before_fork() { sync_all(); }
  virtual void after_fork(bool) {}
  // Whether a device copy of any of [host, host + bytes) exists; cheap when
  // none does.
  virtual bool holds(const void *host, std::size_t bytes) = 0;
  // And, as the page guard's FaultResolver, resolve_fault and name_at.
};

// What the program asks of it through the C++ API (api.cc): device
// addresses for vendor libraries, and prefetches.
class ApiTransfers {
public:
  virtual ~ApiTransfers() = default;
  // Make the device copy of [host, host + bytes) on TARGET current now.
  virtual void prefetch(const Target &target, const void *host,
                        std::size_t bytes) = 0;
  // The device address of [host, host + bytes) on TARGET, made current,
  // for a vendor library call; device_wrote() then declares what that call
  // changed.
  virtual void *device_address(const Target &target, const void *host,
                               std::size_t bytes) = 0;
  virtual void device_wrote(const void *host, std::size_t bytes) = 0;
};

// A policy answers all three.
class TransferPolicy : public LaunchTransfers,
                       public HostAccess,
                       public ApiTransfers {};

std::unique_ptr<TransferPolicy> make_naive_transfers();
std::unique_ptr<TransferPolicy> make_resident_transfers();

// "ferry: kernel 'K' (file:line) called at file:line" for the launch the
// calling thread is in, with the bytes of its buffers; "ferry: " outside
// one.  For messages that arise deep in a policy (out of device memory).
std::string launch_in_progress();

} // namespace ferry::rt

#endif
