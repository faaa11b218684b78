// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The calls with which a program changes the protection or the mapping of
// its own memory, seen by libferry.  Guarded pages (page_guard.h) are
// ferry's: a program that protects them itself would have its protection
// undone at the next launch, or read bytes the device holds newer through
// a page it opened; one that unmaps them would leave ferry a device copy
// of memory that is gone, for the next mapping at that address to inherit.
// So before mprotect and mremap the buffers there come back and leave the
// residency table, and before munmap and an mmap with MAP_FIXED over them
// they leave it (their bytes are gone with the mapping).  madvise with an
// advice that discards the contents (MADV_DONTNEED, MADV_FREE,
// MADV_REMOVE) brings the buffers there back first, as mprotect does: the
// bytes around the range keep what the device wrote, and the kernel then
// empties the range, as it would without ferry.  ferry's own calls go to
// the system directly.
//
// They also record the memory the program maps shared (MAP_SHARED, shmat;
// pages/shared_mappings.h), which kernels may not take as buffers.
//
// While nothing is resident the cost is one atomic load.
#include "hooks/interposer.h"

#include "pages/shared_mappings.h"
#include "residency/transfers.h"

#include <cstdarg>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace ferry::rt;
using ferry::rt::hooks::next;
using ferry::rt::hooks::program_call;

FERRY_HOOK int mprotect(void *address, size_t bytes, int protection) {
  if (program_call())
    host_access().host_remapping(address, bytes);
  return static_cast<int>(syscall(SYS_mprotect, address, bytes, protection));
}

FERRY_HOOK int munmap(void *address, size_t bytes) {
  shared_mappings::unmapped(address, bytes);
  if (program_call())
    host_access().host_freeing(address, bytes);
  return static_cast<int>(syscall(SYS_munmap, address, bytes));
}

FERRY_HOOK void *mremap(void *address, size_t old_bytes, size_t new_bytes,
                        int flags, ...) {
  void *new_address = nullptr;
  if (flags & MREMAP_FIXED) {
    va_list rest;
    va_start(rest, flags);
    new_address = va_arg(rest, void *);
    va_end(rest);
  }
  if (program_call())
    host_access().host_remapping(address, old_bytes);
  // A shared mapping stays one where it moves to.
  const bool shared = shared_mappings::overlaps(address, old_bytes);
  void *moved = reinterpret_cast<void *>(
      syscall(SYS_mremap, address, old_bytes, new_bytes, flags, new_address));
  if (shared && moved != MAP_FAILED) {
    shared_mappings::unmapped(address, old_bytes);
    shared_mappings::mapped(moved, new_bytes);
  }
  return moved;
}

namespace {

bool is_device_file(int fd) {
  struct stat status;
  return fd >= 0 && fstat(fd, &status) == 0 && S_ISCHR(status.st_mode);
}

} // namespace

FERRY_HOOK void *mmap(void *address, size_t bytes, int protection, int flags,
                      int fd, off_t offset) {
  if (flags & MAP_FIXED) {
    shared_mappings::unmapped(address, bytes);
    if (program_call())
      host_access().host_freeing(address, bytes);
  }
  void *mapped = reinterpret_cast<void *>(
      syscall(SYS_mmap, address, bytes, protection, flags, fd, offset));
  // MAP_SHARED_VALIDATE includes MAP_SHARED's bit.  Device files (the GPU
  // driver's own mappings of /dev/nvidia*) hold no program data.
  if (mapped != MAP_FAILED && (flags & MAP_SHARED) && inside_runtime() == 0 &&
      !is_device_file(fd))
    shared_mappings::mapped(mapped, bytes);
  return mapped;
}

// glibc's 64-bit-offset name of the same function.
FERRY_HOOK void *mmap64(void *address, size_t bytes, int protection, int flags,
                        int fd, off64_t offset) {
  return mmap(address, bytes, protection, flags, fd, offset);
}

FERRY_HOOK int madvise(void *address, size_t bytes, int advice) {
  const bool discards =
      advice == MADV_DONTNEED || advice == MADV_FREE || advice == MADV_REMOVE;
  if (discards && program_call())
    host_access().host_remapping(address, bytes);
  return static_cast<int>(syscall(SYS_madvise, address, bytes, advice));
}

FERRY_HOOK void *shmat(int id, const void *address, int flags) {
  static auto real = next<void *(*)(int, const void *, int)>("shmat");
  void *attached = real(id, address, flags);
  struct shmid_ds segment;
  if (attached != reinterpret_cast<void *>(-1) &&
      shmctl(id, IPC_STAT, &segment) == 0)
    shared_mappings::mapped(attached, segment.shm_segsz);
  return attached;
}

FERRY_HOOK int shmdt(const void *address) {
  static auto real = next<int (*)(const void *)>("shmdt");
  const std::size_t bytes = shared_mappings::bytes_at(address);
  shared_mappings::unmapped(address, bytes);
  if (bytes && program_call())
    host_access().host_freeing(address, bytes);
  return real(address);
}
