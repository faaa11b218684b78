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
// While nothing is resident the cost is one atomic load.
#include "hooks/interposer.h"

#include "core/transfers.h"

#include <cstdarg>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace ferry::rt;
using ferry::rt::hooks::program_call;

FERRY_HOOK int mprotect(void *address, size_t bytes, int protection) {
  if (program_call())
    host_access().host_remapping(address, bytes);
  return static_cast<int>(syscall(SYS_mprotect, address, bytes, protection));
}

FERRY_HOOK int munmap(void *address, size_t bytes) {
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
  return reinterpret_cast<void *>(
      syscall(SYS_mremap, address, old_bytes, new_bytes, flags, new_address));
}

FERRY_HOOK void *mmap(void *address, size_t bytes, int protection, int flags,
                      int fd, off_t offset) {
  if ((flags & MAP_FIXED) && program_call())
    host_access().host_freeing(address, bytes);
  return reinterpret_cast<void *>(
      syscall(SYS_mmap, address, bytes, protection, flags, fd, offset));
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
