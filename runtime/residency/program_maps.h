// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The sections the program maps with its own OpenMP data directives
// (`target data`, `target enter data` and `target exit data`), as the hooks
// of hooks/openmp_hooks.cc see them go to libgomp.  A program's own target
// loop that ferry runs as a kernel may use a pointer without a map clause,
// inside a data region of its caller: mapped_bytes_from() tells how far the
// section holding it reaches (abi.h, __ferry_mapped_elements), so that the
// kernel has its length, and libferry then launches on libgomp's copy.
//
// And the blocks the program's own omp_target_alloc calls gave it, until
// omp_target_free: a target loop that names such a pointer in an
// is_device_ptr clause runs as a kernel on the block itself, the block's
// end its length (device.h, Device::program_block_bytes).
#ifndef FERRY_RUNTIME_RESIDENCY_PROGRAM_MAPS_H
#define FERRY_RUNTIME_RESIDENCY_PROGRAM_MAPS_H

#include <cstddef>

namespace ferry::rt {

// Whether KIND, a map kind as libgomp gets it, maps data (alloc, to,
// from, tofrom, with or without `always`), not a pointer or a reference.
bool is_data_map_kind(unsigned short kind);

// A `target data` construct of the calling thread begins (its sections,
// as GOMP_target_data_ext gets them), or ends.
void begin_data_maps(std::size_t count, void *const *addresses,
                     const std::size_t *sizes, const unsigned short *kinds);
void end_data_maps();

// `target enter data` (EXIT false) or `target exit data` (EXIT true).
void enter_exit_maps(std::size_t count, void *const *addresses,
                     const std::size_t *sizes, const unsigned short *kinds,
                     bool exit);

// The bytes from HOST to the end of the section the program mapped around
// it; -1 when no section of the program holds HOST.
long long mapped_bytes_from(const void *host);

// omp_target_alloc gave the program BYTES at MEMORY on DEVICE (an OpenMP
// device number).
void program_block_allocated(const void *memory, std::size_t bytes,
                             int device);

// One of those blocks, and whether libferry has made libgomp find it
// present (associated with itself) for the target regions of its kernels.
struct ProgramBlock {
  const char *start = nullptr; // null: no block
  std::size_t bytes = 0;
  bool associated = false;
  // The bytes from ADDRESS, inside the block, to its end; -1 for no block.
  long long bytes_from(const void *address) const {
    return start ? static_cast<long long>(start + bytes -
                                          static_cast<const char *>(address))
                 : -1;
  }
};
// The block around ADDRESS that omp_target_alloc gave for DEVICE.
ProgramBlock program_block_at(const void *address, int device);
void program_block_associated(const void *start);

// omp_target_free takes the block at MEMORY back: what it was, for the
// association to go first.
ProgramBlock program_block_freed(const void *memory);

// A count that moves whenever the sections above change, or ferry
// associates or drops a copy of its own with libgomp (mapping_changed):
// what libgomp answered about an address inside one of those sections
// holds while it stays the same (devices/device_openmp.cc).
unsigned long long mapping_generation();
void mapping_changed();

} // namespace ferry::rt

#endif
