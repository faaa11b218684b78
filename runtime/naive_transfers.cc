// FERRY_RESIDENCY=0: what a plain `#pragma omp target map(...)` does on every
// launch.  On a GPU the region's own map clauses move the data and this
// policy only counts it; on the sim device the runtime does the same copies
// itself.
#include "transfers.h"

#include "abi.h"
#include "stats.h"

#include <cstdio>
#include <cstdlib>

namespace ferry::rt {

bool kernel_reads(unsigned ownership) {
  return ownership == FERRY_BORROW || ownership == FERRY_BORROW_MUT ||
         ownership == FERRY_SHARED_MUT;
}

bool kernel_writes(unsigned ownership) {
  return ownership == FERRY_BORROW_MUT || ownership == FERRY_OUT ||
         ownership == FERRY_SHARED_MUT;
}

namespace {

class NaiveTransfers final : public TransferPolicy {
public:
  explicit NaiveTransfers(Device &device) : device_(device) {}

  void acquire(Buffer &buffer) override {
    buffer.view = buffer.host;
    if (!device_.has_separate_memory() || buffer.bytes == 0)
      return;
    if (device_.maps_copy_data()) {
      if (kernel_reads(buffer.ownership))
        count_host_to_device(buffer.bytes);
      return;
    }
    buffer.device_copy = device_.allocate(buffer.bytes);
    if (!buffer.device_copy) {
      std::fprintf(stderr,
                   "ferry: out of device memory for %zu bytes of '%s'\n",
                   buffer.bytes, buffer.name);
      std::exit(EXIT_FAILURE);
    }
    if (kernel_reads(buffer.ownership)) {
      device_.copy_to_device(buffer.device_copy, buffer.host, buffer.bytes);
      count_host_to_device(buffer.bytes);
    }
    buffer.view = buffer.device_copy;
  }

  void release(Buffer &buffer) override {
    if (!device_.has_separate_memory() || buffer.bytes == 0)
      return;
    if (kernel_writes(buffer.ownership)) {
      if (!device_.maps_copy_data())
        device_.copy_to_host(buffer.host, buffer.device_copy, buffer.bytes);
      count_device_to_host(buffer.bytes);
    }
    if (buffer.device_copy) {
      device_.deallocate(buffer.device_copy);
      buffer.device_copy = nullptr;
    }
  }

private:
  Device &device_;
};

} // namespace

std::unique_ptr<TransferPolicy> make_naive_transfers(Device &device) {
  return std::make_unique<NaiveTransfers>(device);
}

} // namespace ferry::rt
