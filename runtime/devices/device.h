// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// One interface for the places kernels can run: alloc, free, copy, and how
// the kernel's OpenMP target region reaches the memory.
//
// Three implementations:
//   device_openmp.cc  an OpenMP offload device (a GPU through libgomp)
//   device_host.cc    the host itself: no separate memory, nothing moves
//   device_sim.cc     the host with separate "device" allocations
//                     (FERRY_DEVICE=sim), so that a missing or stale
//                     transfer gives a wrong answer in tests without a GPU
// and which one a process uses (device_choice.cc).
#ifndef FERRY_RUNTIME_DEVICE_H
#define FERRY_RUNTIME_DEVICE_H

#include "pages/pinned_pages.h"

#include <cstddef>
#include <memory>
#include <string>

namespace ferry::rt {

class Launcher;

// The alignment of what Device::allocate returns, at least: cudaMalloc's.
constexpr std::size_t kDeviceAlignment = 256;

// What fresh device memory holds on the sim device, and on a GPU in check
// mode: every double and float made of these bytes is a NaN, so reading
// memory nothing was copied to shows in the results.
constexpr unsigned char kPoisonByte = 0xff;

class Device : public HostPinning {
public:
  virtual ~Device() = default;

  // "gpu 0 of 1 (OpenMP)", "host", "sim": for messages and examples.
  virtual std::string describe() const = 0;

  // The device number that goes into the target region's device() clause.
  virtual int openmp_device_number() const = 0;

  // True when target regions run in libgomp's host fallback (the host and
  // the sim device), false on an offload device.
  virtual bool runs_regions_on_host() const = 0;

  // False only when kernels run on the host's own memory.
  virtual bool has_separate_memory() const = 0;

  // Device memory, aligned to kDeviceAlignment; nullptr when the device
  // is out of memory.
  virtual void *allocate(std::size_t bytes) = 0;
  virtual void deallocate(void *device_ptr) = 0;

  virtual void copy_to_device(void *device_dst, const void *host_src,
                              std::size_t bytes) = 0;
  virtual void copy_to_host(void *host_dst, const void *device_src,
                            std::size_t bytes) = 0;
  virtual void copy_on_device(void *device_dst, const void *device_src,
                              std::size_t bytes) = 0;
  // Whether this device can copy from device SOURCE without the host (a
  // peer copy between two GPUs); where not, a buffer moves through the
  // host.  Two sim devices can; a GPU's peer copy has not been written
  // yet: it needs two GPUs to test.
  virtual bool copies_from_peer(const Device & /*source*/) const {
    return false;
  }
  // Copies BYTES from SOURCE_SRC on SOURCE, which copies_from_peer took,
  // to DEVICE_DST on this device.
  virtual void copy_from_peer(void * /*device_dst*/, const Device & /*source*/,
                              const void * /*source_src*/,
                              std::size_t /*bytes*/) {}

  // And, as HostPinning (pages/pinned_pages.h), pin_host_range: on a GPU
  // copy_to_host then writes into the pages locked while the CPU sees
  // them closed (Launcher::pin_host_range); the sim device keeps the
  // driver's rules for them.

  // Makes the OpenMP runtime find HOST as present, at DEVICE_COPY, so that
  // the kernel's map clauses use the copy instead of transferring.  Only an
  // OpenMP device does anything.
  virtual void associate(void *host, void *device_copy, std::size_t bytes) = 0;
  virtual void disassociate(void *host) = 0;

  // Its memory, for a message that it is full: "the GPU has 1.2 GiB of
  // its 140 GiB free".
  virtual std::string memory_report() const = 0;

  // Whether the user's own OpenMP directives (target data, enter data) have
  // mapped HOST: the user's mapping then owns it and ferry moves nothing.
  virtual bool mapped_by_user(void *host) const = 0;

  // The bytes from HOST to the end of a block of this device's memory that
  // the program's own omp_target_alloc gave it (a pointer its target loops
  // name in an is_device_ptr clause); -1 where none.  A kernel runs on such
  // a block as on the user's mapping (mapped_by_user), at its own address.
  virtual long long program_block_bytes(const void *) const { return -1; }

  // The device address of HOST inside the user's own mapping (see
  // mapped_by_user), for launches that address device memory themselves;
  // nullptr where there is none.
  virtual void *user_mapped_address(void *) const { return nullptr; }

  // The address the target region must use for a buffer whose device copy
  // is DEVICE_COPY: the host address where the maps translate it (a GPU),
  // the copy itself where the region runs in host fallback (the sim device).
  virtual void *region_address(void *host, void *device_copy) const = 0;
};

// The device a process starts on, the NUMBER of its target, and how many
// targets of its kind there are (devices/target.h).
struct ChosenDevice {
  std::unique_ptr<Device> device;
  int number = 0;
  int count = 1;
};

// The device FERRY_DEVICE selects (devices/device_choice.cc); for a GPU,
// or one of FERRY_SIM_DEVICES sim devices, REQUESTED_GPU (ferry::select_gpu's
// index, or -1) modulo their number, else FERRY_GPU's (by default the
// node-local MPI rank's or the OpenMP default device).
// Exits with a message when the selection cannot be honoured
// (FERRY_DEVICE=gpu and no device).  The composition root (runtime.h)
// makes the process's first target with it, and the others with
// make_device.
ChosenDevice choose_device(int requested_gpu, Launcher &launcher);
// Target NUMBER of the kind choose_device chose.
std::unique_ptr<Device> make_device(int number, Launcher &launcher);

// LAUNCHER: the direct launcher, which must adopt the GPU's context
// before libgomp opens the device.
std::unique_ptr<Device> make_openmp_device(int device_number,
                                           Launcher &launcher);
std::unique_ptr<Device> make_host_device();
// Sim device NUMBER of COUNT; CAPACITY: the bytes it can hold, 0 for no
// limit (FERRY_SIM_MEMORY).
std::unique_ptr<Device> make_sim_device(int number, int count,
                                        unsigned long long capacity);

} // namespace ferry::rt

#endif
