// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The separate-memory test device (FERRY_DEVICE=sim).
//
// Kernels run in libgomp's host fallback, but on copies that live in their
// own allocations, so host and "device" memory are as separate as on a GPU:
// a transfer the runtime forgets shows up as a wrong answer.  Fresh
// allocations are filled with a signalling-NaN pattern so that reading
// memory that was never uploaded is visible too.  FERRY_SIM_MEMORY caps
// its capacity, to test what happens when the device is full.
//
// The program's own OpenMP target regions and data directives are sent to
// the host as well (the default device becomes the initial device as
// libferry loads), so that on a machine with a GPU they see the memory the
// kernels see.
#include "devices/device.h"

#include "core/settings.h"

#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace ferry::rt {

namespace {

class SimDevice final : public Device {
public:
  explicit SimDevice(unsigned long long capacity) : capacity_(capacity) {}
  std::string describe() const override { return "sim"; }
  int openmp_device_number() const override { return omp_get_initial_device(); }
  bool runs_regions_on_host() const override { return true; }
  bool has_separate_memory() const override { return true; }
  void *allocate(std::size_t bytes) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (capacity_ && bytes > capacity_ - std::min(capacity_, bytes_in_use_))
      return nullptr;
    void *memory = std::malloc(bytes ? bytes : 1);
    if (!memory)
      return nullptr;
    std::memset(memory, kPoisonByte, bytes);
    sizes_[memory] = bytes;
    bytes_in_use_ += bytes;
    return memory;
  }
  void deallocate(void *device_ptr) override {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = sizes_.find(device_ptr);
    if (it != sizes_.end()) {
      bytes_in_use_ -= it->second;
      sizes_.erase(it);
    }
    std::free(device_ptr);
  }
  void copy_to_device(void *device_dst, const void *host_src,
                      std::size_t bytes) override {
    std::memcpy(device_dst, host_src, bytes);
  }
  void copy_to_host(void *host_dst, const void *device_src,
                    std::size_t bytes) override {
    std::memcpy(host_dst, device_src, bytes);
  }
  void copy_on_device(void *device_dst, const void *device_src,
                      std::size_t bytes) override {
    std::memmove(device_dst, device_src, bytes);
  }
  // The region runs in libgomp's host fallback, where maps do nothing: it
  // addresses the copies directly.
  void associate(void *, void *, std::size_t) override {}
  void disassociate(void *) override {}
  bool mapped_by_user(void *) const override { return false; }
  void *region_address(void *, void *device_copy) const override {
    return device_copy;
  }

private:
  const unsigned long long capacity_;
  std::mutex mutex_;
  std::unordered_map<void *, std::size_t> sizes_;
  unsigned long long bytes_in_use_ = 0;
};

__attribute__((constructor)) void keep_user_regions_on_the_host() {
  if (settings().device == DeviceKind::sim)
    omp_set_default_device(omp_get_initial_device());
}

} // namespace

std::unique_ptr<Device> make_sim_device(unsigned long long capacity) {
  return std::make_unique<SimDevice>(capacity);
}

} // namespace ferry::rt
