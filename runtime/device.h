// One interface for the places kernels can run: alloc, free, copy, and how
// the kernel's OpenMP target region reaches the memory.
//
// Three implementations:
//   device_openmp.cc  an OpenMP offload device (a GPU through libgomp)
//   device_host.cc    the host itself: no separate memory, nothing moves
//   device_sim.cc     the host with separate "device" allocations
//                     (FERRY_DEVICE=sim), so that a missing or stale
//                     transfer gives a wrong answer in tests without a GPU
#ifndef FERRY_RUNTIME_DEVICE_H
#define FERRY_RUNTIME_DEVICE_H

#include <cstddef>
#include <memory>
#include <string>

namespace ferry::rt {

class Device {
public:
  virtual ~Device() = default;

  // "gpu 0 of 1 (OpenMP)", "host", "sim": for messages and examples.
  virtual std::string describe() const = 0;

  // The device number that goes into the target region's device() clause.
  virtual int openmp_device_number() const = 0;

  // False only when kernels run on the host's own memory.
  virtual bool has_separate_memory() const = 0;

  // True when the target region's map clauses copy data themselves (a real
  // OpenMP device).  False when the region runs on the host, where maps are
  // no-ops and libferry moves data itself.
  virtual bool maps_copy_data() const = 0;

  // Device memory; nullptr when the device is out of memory.
  virtual void *allocate(std::size_t bytes) = 0;
  virtual void deallocate(void *device_ptr) = 0;

  virtual void copy_to_device(void *device_dst, const void *host_src,
                              std::size_t bytes) = 0;
  virtual void copy_to_host(void *host_dst, const void *device_src,
                            std::size_t bytes) = 0;
};

// The device selected by FERRY_DEVICE, created on first use.  Exits with a
// message when the selection cannot be honoured (FERRY_DEVICE=gpu and no
// device).
Device &current_device();

std::unique_ptr<Device> make_openmp_device(int device_number);
std::unique_ptr<Device> make_host_device();
std::unique_ptr<Device> make_sim_device();

} // namespace ferry::rt

#endif
