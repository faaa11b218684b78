// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// FERRY_RESIDENCY=0: what `#pragma omp target map(...)` around the whole
// kernel does on every call.  Each buffer gets a fresh device copy for the
// launch: copied in if the kernel reads it, copied out if it writes it,
// freed at the end.  The copy is associated with the host range so that the
// region's own map clauses find it present and only translate addresses.
#include "residency/transfers.h"

#include "abi.h"
#include "core/ranks.h"
#include "core/messages.h"
#include "core/stats.h"

#include <cstdio>
#include <cstdlib>

namespace ferry::rt {

namespace {

class NaiveTransfers final : public TransferPolicy {
public:
  void acquire(const Target &target, Buffer &buffer) override {
    Device &device = *target.device;
    buffer.view = buffer.host;
    if (!device.has_separate_memory() || buffer.bytes == 0)
      return;
    // Inside the user's own `omp target data`, the data is theirs.
    if (device.mapped_by_user(buffer.host)) {
      buffer.mapped_by_user = true;
      return;
    }
    buffer.device_copy = device.allocate(buffer.bytes);
    if (!buffer.device_copy) {
      std::fprintf(stderr,
                   "%sout of device memory for %zu bytes of '%s' (%s)\n",
                   launch_in_progress().c_str(), buffer.bytes, buffer.name,
                   device.memory_report().c_str());
      std::exit(EXIT_FAILURE);
    }
    if (kernel_reads(buffer.ownership)) {
      device.copy_to_device(buffer.device_copy, buffer.host, buffer.bytes);
      count_host_to_device(buffer.bytes, buffer.name);
    }
    device.associate(buffer.host, buffer.device_copy, buffer.bytes);
  }

  void *view(const Target &target, Buffer &buffer) override {
    buffer.direct_address = buffer.device_copy;
    return buffer.device_copy
               ? target.device->region_address(buffer.host, buffer.device_copy)
               : buffer.host;
  }

  void release(const Target &target, Buffer &buffer) override {
    if (!buffer.device_copy)
      return;
    Device &device = *target.device;
    if (kernel_writes(buffer.ownership)) {
      device.copy_to_host(buffer.host, buffer.device_copy, buffer.bytes);
      count_device_to_host(buffer.bytes, buffer.name);
    }
    device.disassociate(buffer.host);
    device.deallocate(buffer.device_copy);
    buffer.device_copy = nullptr;
  }

  // Nothing outlives a launch, so the host copy is always current.
  void sync_to_host(const void *, std::size_t) override {}
  void host_wrote(const void *, std::size_t) override {}
  void host_overwrote(const void *, std::size_t) override {}
  void prefetch(const Target &, const void *, std::size_t) override {}
  void release_range(const void *, std::size_t) override {}
  void forget(const void *, std::size_t) override {}
  void sync_all() override {}
  void *device_address(const Target &, const void *, std::size_t) override {
    fatal("device pointers of host buffers need residency; unset "
          "FERRY_RESIDENCY=0");
  }
  void device_wrote(const void *, std::size_t) override {}
  bool holds(const void *, std::size_t) override { return false; }
  const char *name_at(const void *) override { return nullptr; }
};

} // namespace

std::unique_ptr<TransferPolicy> make_naive_transfers() {
  return std::make_unique<NaiveTransfers>();
}

} // namespace ferry::rt
