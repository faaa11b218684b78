// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The host as a "device": kernels run in libgomp's host fallback on the
// host's own memory, so there is nothing to allocate or copy.
#include "devices/device.h"

#include <omp.h>

#include <cstdlib>

namespace ferry::rt {

namespace {

class HostDevice final : public Device {
public:
  std::string describe() const override { return "host"; }
  int openmp_device_number() const override { return omp_get_initial_device(); }
  bool runs_regions_on_host() const override { return true; }
  bool has_separate_memory() const override { return false; }
  // The host has no memory apart from its own: callers check
  // has_separate_memory() and never ask.
  void *allocate(std::size_t) override { std::abort(); }
  void deallocate(void *) override { std::abort(); }
  void copy_to_device(void *, const void *, std::size_t) override {
    std::abort();
  }
  void copy_to_host(void *, const void *, std::size_t) override {
    std::abort();
  }
  void copy_on_device(void *, const void *, std::size_t) override {
    std::abort();
  }
  void associate(void *, void *, std::size_t) override {}
  void disassociate(void *) override {}
  std::string memory_report() const override {
    return "the host device makes no copies";
  }
  bool mapped_by_user(void *) const override { return false; }
  void *region_address(void *host, void *) const override { return host; }
};

} // namespace

std::unique_ptr<Device> make_host_device() {
  return std::make_unique<HostDevice>();
}

} // namespace ferry::rt
