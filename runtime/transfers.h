// How the buffers of one kernel launch reach the device and come back.
//
// A policy sees each buffer twice: acquire() before the target region runs,
// which returns the address the region must use, and release() after it.
// Two policies exist:
//   naive     map every launch: copy in what the kernel reads, copy out what
//             it writes (FERRY_RESIDENCY=0, the comparison baseline)
//   resident  keep device copies across launches and copy only what is
//             stale (the default; the residency table behind it)
#ifndef FERRY_RUNTIME_TRANSFERS_H
#define FERRY_RUNTIME_TRANSFERS_H

#include "device.h"

#include <cstddef>
#include <memory>

namespace ferry::rt {

// One pointer argument of a launch.
struct Buffer {
  const char *name = nullptr; // the kernel's parameter name
  unsigned ownership = 0;     // enum ferry_ownership
  char *host = nullptr;       // host range [host, host + bytes)
  std::size_t bytes = 0;
  void *view = nullptr;        // set by acquire(): what the region addresses
  void *device_copy = nullptr; // policy-private
  bool mapped_by_user = false; // inside the user's own target data region
  bool host_is_temporary = false; // scratch passed as nullptr: ferry's own
};

// What the kernel does with a buffer, derived from its ownership attribute.
bool kernel_reads(unsigned ownership);
bool kernel_writes(unsigned ownership);

class TransferPolicy {
public:
  virtual ~TransferPolicy() = default;
  virtual void acquire(Buffer &buffer) = 0;
  virtual void release(Buffer &buffer) = 0;
};

std::unique_ptr<TransferPolicy> make_naive_transfers(Device &device);

} // namespace ferry::rt

#endif
