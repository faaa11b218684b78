// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The OpenMP calls that put work on the GPU's default stream or free
// device memory, seen by libferry: ferry's own copies and OpenMP regions,
// and the program's own target constructs and omp_target_memcpy.  During
// a run of a ferry::launch_graph the direct launcher may hold kernels back
// (runtime/nvptx/launch_graphs.h); each of these launches them first, so
// that the work lands after them, as the program ordered it.  Then each
// goes on to libgomp's definition.  Outside a run the cost is one atomic
// load.
//
// And the registration of the program's offload images, which the vendor
// launchers keep for the direct path.
#include "hooks/interposer.h"

#include "devices/launcher.h"
#include "nvptx/cuda_launch.h"

#include <cstddef>

using ferry::rt::SignalsHeld;
using ferry::rt::hooks::next;

namespace {

void before_openmp(const char *what) {
  ferry::rt::direct_launcher().submit_held(what);
}

} // namespace

FERRY_HOOK void GOMP_target_ext(int device, void (*region)(void *),
                                std::size_t count, void **addresses,
                                std::size_t *sizes, unsigned short *kinds,
                                unsigned flags, void **depend, void **args) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real =
      next<void (*)(int, void (*)(void *), std::size_t, void **, std::size_t *,
                    unsigned short *, unsigned, void **, void **)>(
          "GOMP_target_ext");
  before_openmp("an OpenMP target region");
  real(device, region, count, addresses, sizes, kinds, flags, depend, args);
}

FERRY_HOOK void GOMP_target_data_ext(int device, std::size_t count,
                                     void **addresses, std::size_t *sizes,
                                     unsigned short *kinds) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real = next<void (*)(int, std::size_t, void **, std::size_t *,
                                   unsigned short *)>("GOMP_target_data_ext");
  before_openmp("an OpenMP target data construct");
  real(device, count, addresses, sizes, kinds);
}

FERRY_HOOK void GOMP_target_end_data(void) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real = next<void (*)(void)>("GOMP_target_end_data");
  before_openmp("the end of an OpenMP target data construct");
  real();
}

FERRY_HOOK void GOMP_target_update_ext(int device, std::size_t count,
                                       void **addresses, std::size_t *sizes,
                                       unsigned short *kinds, unsigned flags,
                                       void **depend) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real =
      next<void (*)(int, std::size_t, void **, std::size_t *, unsigned short *,
                    unsigned, void **)>("GOMP_target_update_ext");
  before_openmp("an OpenMP target update");
  real(device, count, addresses, sizes, kinds, flags, depend);
}

FERRY_HOOK void GOMP_target_enter_exit_data(int device, std::size_t count,
                                            void **addresses,
                                            std::size_t *sizes,
                                            unsigned short *kinds,
                                            unsigned flags, void **depend) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real =
      next<void (*)(int, std::size_t, void **, std::size_t *, unsigned short *,
                    unsigned, void **)>("GOMP_target_enter_exit_data");
  before_openmp("an OpenMP target enter or exit data construct");
  real(device, count, addresses, sizes, kinds, flags, depend);
}

FERRY_HOOK int omp_target_memcpy(void *destination, const void *source,
                                 std::size_t bytes,
                                 std::size_t destination_offset,
                                 std::size_t source_offset,
                                 int destination_device, int source_device) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real =
      next<int (*)(void *, const void *, std::size_t, std::size_t, std::size_t,
                   int, int)>("omp_target_memcpy");
  before_openmp("a copy between host and device");
  return real(destination, source, bytes, destination_offset, source_offset,
              destination_device, source_device);
}

FERRY_HOOK int omp_target_memcpy_rect(void *destination, const void *source,
                                      std::size_t element_size, int dimensions,
                                      const std::size_t *volume,
                                      const std::size_t *destination_offsets,
                                      const std::size_t *source_offsets,
                                      const std::size_t *destination_dimensions,
                                      const std::size_t *source_dimensions,
                                      int destination_device,
                                      int source_device) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real =
      next<int (*)(void *, const void *, std::size_t, int, const std::size_t *,
                   const std::size_t *, const std::size_t *,
                   const std::size_t *, const std::size_t *, int, int)>(
          "omp_target_memcpy_rect");
  before_openmp("a copy between host and device");
  return real(destination, source, element_size, dimensions, volume,
              destination_offsets, source_offsets, destination_dimensions,
              source_dimensions, destination_device, source_device);
}

FERRY_HOOK void omp_target_free(void *memory, int device) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real = next<void (*)(void *, int)>("omp_target_free");
  before_openmp("device memory is freed");
  real(memory, device);
}

// GCC's offload constructors call this before main, once per offload image
// of the program and its libraries: the vendor launchers keep their images,
// and libgomp registers them as usual.
FERRY_HOOK void GOMP_offload_register_ver(unsigned version,
                                          const void *host_table,
                                          int target_type,
                                          const void *target_data) {
  SignalsHeld held; // signal_hooks.cc: not in libgomp's locks
  static auto real = next<void (*)(unsigned, const void *, int, const void *)>(
      "GOMP_offload_register_ver");
  ferry::rt::nvptx::image_registered(version, target_type, target_data);
  if (real)
    real(version, host_table, target_type, target_data);
}
