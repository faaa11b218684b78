// The separate-memory test device (FERRY_DEVICE=sim).
//
// Kernels run in libgomp's host fallback, but on copies that live in their
// own allocations, so host and "device" memory are as separate as on a GPU:
// a transfer the runtime forgets shows up as a wrong answer.  Fresh
// allocations are filled with a signalling-NaN pattern so that reading
// memory that was never uploaded is visible too.
#include "device.h"

#include <omp.h>

#include <cstdlib>
#include <cstring>

namespace ferry::rt {

namespace {

constexpr unsigned char kPoisonByte = 0xff; // every double/float a NaN

class SimDevice final : public Device {
public:
  std::string describe() const override { return "sim"; }
  int openmp_device_number() const override { return omp_get_initial_device(); }
  bool has_separate_memory() const override { return true; }
  bool maps_copy_data() const override { return false; }
  void *allocate(std::size_t bytes) override {
    void *memory = std::malloc(bytes ? bytes : 1);
    if (memory)
      std::memset(memory, kPoisonByte, bytes);
    return memory;
  }
  void deallocate(void *device_ptr) override { std::free(device_ptr); }
  void copy_to_device(void *device_dst, const void *host_src,
                      std::size_t bytes) override {
    std::memcpy(device_dst, host_src, bytes);
  }
  void copy_to_host(void *host_dst, const void *device_src,
                    std::size_t bytes) override {
    std::memcpy(host_dst, device_src, bytes);
  }
};

} // namespace

std::unique_ptr<Device> make_sim_device() {
  return std::make_unique<SimDevice>();
}

} // namespace ferry::rt
