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

#include "core/byte_text.h"
#include "core/ranks.h"
#include "core/scopes.h"
#include "core/settings.h"
#include "pages/host_pages.h"
#include "pages/page_guard.h"
#include "residency/program_maps.h"

#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <unordered_map>

namespace ferry::rt {

namespace {

class SimDevice final : public Device {
public:
  SimDevice(int number, int count, unsigned long long capacity)
      : number_(number), count_(count), capacity_(capacity) {}
  std::string describe() const override {
    return count_ == 1 ? "sim"
                       : "sim " + std::to_string(number_) + " of " +
                             std::to_string(count_);
  }
  int openmp_device_number() const override { return omp_get_initial_device(); }
  bool runs_regions_on_host() const override { return true; }
  bool has_separate_memory() const override { return true; }
  void *allocate(std::size_t bytes) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (capacity_ && bytes > capacity_ - std::min(capacity_, bytes_in_use_))
      return nullptr;
    // Aligned as cudaMalloc aligns (kDeviceAlignment).
    const std::size_t blocks = std::max<std::size_t>(
        1, (bytes + kDeviceAlignment - 1) / kDeviceAlignment);
    void *memory =
        std::aligned_alloc(kDeviceAlignment, blocks * kDeviceAlignment);
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
    if (!bytes)
      return;
    if (locked("cuMemcpyHtoD", host_src, bytes) &&
        page_guard::read_closed(
            device_dst, reinterpret_cast<std::uintptr_t>(host_src), bytes))
      return;
    std::memcpy(device_dst, host_src, bytes);
  }
  void copy_to_host(void *host_dst, const void *device_src,
                    std::size_t bytes) override {
    if (!bytes)
      return;
    if (locked("cuMemcpyDtoH", host_dst, bytes) &&
        page_guard::write_closed(reinterpret_cast<std::uintptr_t>(host_dst),
                                 device_src, bytes))
      return;
    std::memcpy(host_dst, device_src, bytes);
  }
  void copy_on_device(void *device_dst, const void *device_src,
                      std::size_t bytes) override {
    std::memmove(device_dst, device_src, bytes);
  }
  bool copies_from_peer(const Device &source) const override {
    return dynamic_cast<const SimDevice *>(&source) != nullptr;
  }
  void copy_from_peer(void *device_dst, const Device &,
                      const void *source_src, std::size_t bytes) override {
    std::memcpy(device_dst, source_src, bytes);
  }
  Pinning pin_host_range(void *host, std::size_t bytes) override {
    const Range range = range_of(host, bytes);
    if (bytes == 0 || !(page_guard::whole_pages(range) == range))
      refuse("cuMemHostRegister", range, "ferry locks whole pages");
    std::lock_guard<std::mutex> lock(mutex_);
    auto next = locked_.lower_bound(range.begin);
    if ((next != locked_.end() && next->first < range.end) ||
        (next != locked_.begin() && std::prev(next)->second > range.begin))
      return Pinning::refused; // CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED
    locked_[range.begin] = range.end;
    return Pinning::pinned;
  }
  void unpin_host_range(void *host) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (locked_.erase(reinterpret_cast<std::uintptr_t>(host)) == 0)
      refuse("cuMemHostUnregister", range_of(host, 1),
             "the address does not start a locked range");
  }
  std::string memory_report() const override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!capacity_)
      return "the host could not allocate that much for the sim device";
    return "the sim device holds " + byte_text(bytes_in_use_) + " of its " +
           byte_text(capacity_) + " (FERRY_SIM_MEMORY)";
  }
  // The region runs in libgomp's host fallback, where maps do nothing: it
  // addresses the copies directly.
  void associate(void *, void *, std::size_t) override {}
  void disassociate(void *) override {}
  // A block of the program's omp_target_alloc for the initial device, the
  // only one host fallback gives: the host's own memory.
  long long program_block_bytes(const void *host) const override {
    return program_block_at(host, omp_get_initial_device()).bytes_from(host);
  }
  // A section the program's own data directives mapped is libgomp's, as
  // on a GPU, where ferry launches on libgomp's copy and moves nothing; in
  // host fallback libgomp's copy is the host's memory itself, as a block
  // above is.  So ferry's kernels and the program's other regions see one
  // address, as they do on a GPU (HeCBench's memtest computes addresses
  // from it).
  bool mapped_by_user(void *host) const override {
    return mapped_bytes_from(host) >= 0 || program_block_bytes(host) >= 0;
  }
  void *user_mapped_address(void *host) const override {
    return mapped_by_user(host) ? host : nullptr;
  }
  void *region_address(void *, void *device_copy) const override {
    return device_copy;
  }

private:
  // Whether the host side of a copy, BYTES at HOST, lies in a locked
  // range; stops the program, as CALL would fail on a GPU, where it spans
  // the edge of one.
  bool locked(const char *call, const void *host, std::size_t bytes) {
    const Range range = range_of(host, bytes);
    std::lock_guard<std::mutex> lock(mutex_);
    auto next = locked_.upper_bound(range.begin);
    if (next != locked_.begin()) {
      const Range before{std::prev(next)->first, std::prev(next)->second};
      if (before.contains(range))
        return true;
      if (before.overlaps(range))
        refuse(call, range, "it spans the edge of page-locked memory");
    }
    if (next != locked_.end() && next->first < range.end)
      refuse(call, range, "it spans the edge of page-locked memory");
    return false;
  }

  // What a GPU's driver answers with an error: here, an internal error of
  // libferry's, since ferry's copies must keep the driver's rules.
  [[noreturn]] static void refuse(const char *call, Range range,
                                  const char *why) {
    std::fprintf(stderr,
                 "%sinternal error: the sim device refuses %s of %zu bytes "
                 "at %#lx, as a GPU's driver would: %s\n",
                 message_prefix(), call, range.size(),
                 static_cast<unsigned long>(range.begin), why);
    std::abort();
  }

  const int number_, count_;
  const unsigned long long capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<void *, std::size_t> sizes_;
  unsigned long long bytes_in_use_ = 0;
  std::map<std::uintptr_t, std::uintptr_t> locked_; // begin -> end
};

__attribute__((constructor)) void keep_user_regions_on_the_host() {
  if (settings().device == DeviceKind::sim) {
    RuntimeScope ours; // ferry's call, not the program's
    omp_set_default_device(omp_get_initial_device());
  }
}

} // namespace

std::unique_ptr<Device> make_sim_device(int number, int count,
                                        unsigned long long capacity) {
  return std::make_unique<SimDevice>(number, count, capacity);
}

} // namespace ferry::rt
