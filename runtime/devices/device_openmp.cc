// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// An OpenMP offload device through the standard device-memory API
// (omp_target_alloc, omp_target_memcpy), so it works with libgomp and with
// LLVM's libomptarget alike.
#include "devices/device.h"

#include "core/byte_text.h"
#include "core/ranks.h"
#include "core/settings.h"
#include "devices/launcher.h"
#include "residency/program_maps.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace ferry::rt {

namespace {

class OpenMPDevice final : public Device {
public:
  // Before libgomp opens the device, so that it adopts the context the
  // direct launches use.
  OpenMPDevice(int device_number, Launcher &launcher)
      : number_(device_number), launcher_(launcher) {
    launcher_.prepare_context(device_number);
  }

  std::string describe() const override {
    return "gpu " + std::to_string(number_) + " of " +
           std::to_string(omp_get_num_devices()) + " (OpenMP)";
  }
  int openmp_device_number() const override { return number_; }
  bool runs_regions_on_host() const override { return false; }
  bool has_separate_memory() const override { return true; }

  // In check mode fresh memory is poisoned, as on the sim device, so that
  // a missing copy to the device shows as NaNs rather than as old data.
  void *allocate(std::size_t bytes) override {
    void *memory = omp_target_alloc(bytes ? bytes : 1, number_);
    if (memory && bytes && settings().check)
      poison(memory, bytes);
    return memory;
  }
  void deallocate(void *device_ptr) override {
    omp_target_free(device_ptr, number_);
  }
  void copy_to_device(void *device_dst, const void *host_src,
                      std::size_t bytes) override {
    check(omp_target_memcpy(device_dst, host_src, bytes, 0, 0, number_,
                            omp_get_initial_device()),
          "host to device");
  }
  void copy_to_host(void *host_dst, const void *device_src,
                    std::size_t bytes) override {
    check(omp_target_memcpy(host_dst, device_src, bytes, 0, 0,
                            omp_get_initial_device(), number_),
          "device to host");
  }

  void copy_on_device(void *device_dst, const void *device_src,
                      std::size_t bytes) override {
    check(omp_target_memcpy(device_dst, device_src, bytes, 0, 0, number_,
                            number_),
          "device to device");
  }
  // libgomp's copies are the driver's (cuMemcpyDtoH), so they reach
  // memory pinned in the shared context by DMA.
  Pinning pin_host_range(void *host, std::size_t bytes) override {
    return launcher_.pin_host_range(host, bytes);
  }
  void unpin_host_range(void *host) override {
    launcher_.unpin_host_range(host);
  }
  void associate(void *host, void *device_copy, std::size_t bytes) override {
    if (omp_target_associate_ptr(host, device_copy, bytes, 0, number_) != 0)
      fail("omp_target_associate_ptr");
    mapping_changed();
  }
  void disassociate(void *host) override {
    if (omp_target_disassociate_ptr(host, number_) != 0)
      fail("omp_target_disassociate_ptr");
    mapping_changed();
  }
  std::string memory_report() const override {
    std::size_t free = 0, total = 0;
    if (!launcher_.device_memory(&free, &total))
      return "the GPU's driver does not say how much it has free";
    return "the GPU has " + byte_text(free) + " of its " + byte_text(total) +
           " free";
  }
  long long program_block_bytes(const void *host) const override {
    return program_block_at(host, number_).bytes_from(host);
  }
  bool mapped_by_user(void *host) const override {
    if (const ProgramBlock block = program_block_at(host, number_);
        block.start) {
      make_present(block);
      return true;
    }
    return known_mapping(host) || omp_target_is_present(host, number_) != 0;
  }
  void *user_mapped_address(void *host) const override {
    if (program_block_bytes(host) >= 0)
      return host;
    if (void *known = known_mapping(host))
      return known;
    if (!omp_target_is_present(host, number_))
      return nullptr;
    // OpenMP 5.1's omp_get_mapped_ptr is not in GCC 12's libgomp; the
    // use_device_ptr clause translates a mapped address the same way.
    void *translated = host;
    void *device_address = nullptr;
#pragma omp target data use_device_ptr(translated) device(number_)
    { device_address = translated; }
    remember_mapping(host, device_address);
    return device_address;
  }
  // The maps translate the host address into the associated copy.
  void *region_address(void *host, void *) const override { return host; }

private:
  // libgomp's answer for HOST inside a section that the program's own
  // directives mapped (residency/program_maps.h), kept while nothing is
  // mapped or unmapped: a launch on such sections (a loop in a function
  // called inside the caller's `target data`) asked libgomp twice a
  // buffer, the second time through a data construct of its own.
  void *known_mapping(void *host) const {
    std::lock_guard<std::mutex> lock(known_mutex_);
    if (known_generation_ != mapping_generation())
      return nullptr;
    const auto found = known_.find(host);
    return found == known_.end() ? nullptr : found->second;
  }
  void remember_mapping(void *host, void *device_address) const {
    if (!device_address || device_address == host ||
        mapped_bytes_from(host) < 0)
      return;
    std::lock_guard<std::mutex> lock(known_mutex_);
    if (const unsigned long long now = mapping_generation();
        known_generation_ != now) {
      known_.clear();
      known_generation_ = now;
    }
    known_[host] = device_address;
  }

  // A kernel's target region maps its buffers (`map(tofrom: c[0:n])`),
  // which on a block of the program's device memory would copy from the
  // block's address on the host: associated with itself once, libgomp
  // finds the block present and moves nothing (the program does not see
  // it present: hooks/openmp_hooks.cc), until omp_target_free.  Threads
  // that launch on one block at once (the naive transfers take no lock)
  // associate it once: the block is read again under the lock.
  void make_present(const ProgramBlock &block) const {
    if (block.associated)
      return;
    std::lock_guard<std::mutex> lock(associate_mutex_);
    if (program_block_at(block.start, number_).associated)
      return;
    void *start = const_cast<char *>(block.start);
    if (omp_target_associate_ptr(start, start, block.bytes, 0, number_) != 0)
      fail("omp_target_associate_ptr of a block of omp_target_alloc");
    program_block_associated(start);
  }

  void poison(void *memory, std::size_t bytes) {
    if (launcher_.fill(memory, kPoisonByte, bytes))
      return;
    // Never destroyed (core/lasting.h): kernels may run after main.
    static const std::vector<unsigned char> &pattern =
        *new std::vector<unsigned char>(1 << 20, kPoisonByte);
    for (std::size_t done = 0; done < bytes; done += pattern.size())
      copy_to_device(static_cast<char *>(memory) + done, pattern.data(),
                     std::min(pattern.size(), bytes - done));
  }

  [[noreturn]] static void fail(const char *call) {
    std::fprintf(stderr, "%s%s failed\n", message_prefix(), call);
    std::exit(EXIT_FAILURE);
  }

  static void check(int status, const char *direction) {
    if (status != 0) {
      std::fprintf(stderr, "%somp_target_memcpy (%s) failed\n",
                   message_prefix(), direction);
      std::exit(EXIT_FAILURE);
    }
  }

  int number_;
  Launcher &launcher_;
  mutable std::mutex known_mutex_;
  mutable std::mutex associate_mutex_; // make_present's
  mutable unsigned long long known_generation_ = 0;
  mutable std::unordered_map<void *, void *> known_;
};

} // namespace

std::unique_ptr<Device> make_openmp_device(int device_number,
                                           Launcher &launcher) {
  return std::make_unique<OpenMPDevice>(device_number, launcher);
}

} // namespace ferry::rt
