// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The heap's entry points, seen by libferry: memory that is freed or moved
// must never be taken for a resident buffer later, and while pages are
// guarded a buffer's pages must hold nothing a guard could trap but its
// own block's data.  So, while pages are guarded, blocks of a page or more
// are page-aligned and made of whole pages (heap_blocks.h), and smaller
// ones come from libferry's own allocator (small_blocks.h), whose pages
// hold no allocator metadata; the rest is glibc's.
//
// libferry defines malloc, calloc, memalign, realloc, free and
// malloc_usable_size; as a library the program links before the C
// library, its definitions are the ones the program and its other
// libraries call (operator new and delete, and glibc's own strdup, end
// there).  free and realloc drop the device copies of the block first:
// free discards them, realloc copies back what the device changed first,
// since the data lives on.  While no device copy exists the cost is one
// atomic load.  glibc's part goes through its own __libc_* entry points.
#include "hooks/interposer.h"

#include "pages/heap_blocks.h"
#include "pages/small_blocks.h"
#include "residency/transfers.h"

#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

extern "C" {
void __libc_free(void *);
void *__libc_realloc(void *, size_t);
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_memalign(size_t, size_t);
}

namespace ferry::rt {

namespace {

// Not asked inside libgomp or the CUDA driver, which resize blocks of
// their own holding locks that the table's holder may wait for (runtime.h,
// LibraryCall).
bool may_hold(void *block) {
  return block && hooks::program_call() && library_calls() == 0 &&
         host_access().holds(block, malloc_usable_size(block));
}

} // namespace

} // namespace ferry::rt

using namespace ferry::rt;

namespace {

std::size_t page_size() {
  static const std::size_t size = sysconf(_SC_PAGESIZE);
  return size;
}

static_assert(small_blocks::kLargestBytes == heap_blocks::kAlignedBytes,
              "every block can be guarded");

// A block large enough to be guarded whole is page-aligned and made of
// whole pages (heap_blocks.h); a smaller one comes from small_blocks.h;
// those of libferry's own code and of threads not the program's are
// glibc's as they come.
// SERVING: small_blocks::serving(), asked by the hook before it holds
// signals itself.
void *allocate(size_t bytes, bool zeroed, bool serving) {
  const bool small = bytes < small_blocks::kLargestBytes && serving;
  SignalsHeld held; // signal_hooks.cc: not in malloc's lock
  if (bytes >= heap_blocks::kAlignedBytes && heap_blocks::aligning()) {
    // A size no page rounding can hold fails as glibc's malloc fails; the
    // wrapped sum would have given a small block for a huge request.
    size_t rounded = 0;
    if (__builtin_add_overflow(bytes, page_size() - 1, &rounded)) {
      errno = ENOMEM;
      return nullptr;
    }
    rounded &= ~(page_size() - 1);
    void *block = __libc_memalign(page_size(), rounded);
    if (block && zeroed)
      std::memset(block, 0, rounded);
    heap_blocks::allocated(block, bytes, true); // the rest of its last page
                                                // is no one else's
    return block;
  }
  void *block = nullptr;
  if (small) {
    block = small_blocks::allocate(bytes);
    if (block && zeroed)
      std::memset(block, 0, bytes); // a slot may have been used before
  }
  if (!block)
    block = zeroed ? __libc_calloc(1, bytes) : __libc_malloc(bytes);
  if (heap_blocks::recording_all())
    heap_blocks::allocated(block, bytes, false);
  return block;
}

bool page_aligned(const void *block) {
  return (reinterpret_cast<std::uintptr_t>(block) & (page_size() - 1)) == 0;
}

// The size of a page-aligned block of ours at BLOCK, or 0.
size_t aligned_block_bytes(void *block) {
  if (!page_aligned(block))
    return 0; // no lock taken for the many blocks that cannot be ours
  heap_blocks::Block found;
  if (!heap_blocks::find(block, &found) || !found.page_aligned ||
      found.range.begin != reinterpret_cast<std::uintptr_t>(block))
    return 0;
  return found.range.size();
}

} // namespace

namespace {

// Whether the caller is libferry's own code (runtime.h), whose blocks are
// glibc's and never recorded (heap_blocks.h).
bool libferry_allocating() {
  return inside_runtime() > 0 || own_allocations() > 0;
}

} // namespace

FERRY_HOOK void free(void *block) {
  // libferry's own blocks, a dozen a launch.
  if (libferry_allocating() && !small_blocks::owns(block) &&
      !page_aligned(block)) {
    __libc_free(block);
    return;
  }
  SignalsHeld held; // signal_hooks.cc: not in malloc's lock
  // free leaves errno alone (POSIX.1-2024); ferry's part may change it.
  hooks::PreservedErrno caller_errno;
  if (block && hooks::program_call())
    host_access().host_freeing(block, malloc_usable_size(block));
  if (small_blocks::owns(block)) {
    if (heap_blocks::recording_all())
      heap_blocks::freed(block);
    small_blocks::release(block);
    return;
  }
  // Only page-aligned blocks are recorded unless check mode records all:
  // other frees take no lock.
  if (block && (heap_blocks::recording_all() ||
                (heap_blocks::aligning() && page_aligned(block))))
    heap_blocks::freed(block);
  __libc_free(block);
}

FERRY_HOOK void *malloc(size_t bytes) {
  if (libferry_allocating()) // as in free
    return __libc_malloc(bytes);
  return allocate(bytes, false, small_blocks::serving());
}

FERRY_HOOK void *calloc(size_t count, size_t size) {
  size_t bytes = 0;
  if (__builtin_mul_overflow(count, size, &bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return allocate(bytes, true, small_blocks::serving());
}

FERRY_HOOK void *memalign(size_t alignment, size_t bytes) {
  SignalsHeld held; // signal_hooks.cc: not in malloc's lock
  void *block = __libc_memalign(alignment, bytes);
  if (heap_blocks::recording_all())
    heap_blocks::allocated(block, bytes, false);
  return block;
}

FERRY_HOOK void *realloc(void *block, size_t bytes) {
  if (!block)
    return malloc(bytes);
  const bool serving = small_blocks::serving();
  SignalsHeld held; // signal_hooks.cc: not in malloc's lock
  if (may_hold(block)) {
    const std::size_t old_bytes = malloc_usable_size(block);
    host_access().sync_to_host(block, old_bytes);
    host_access().forget(block, old_bytes);
  }
  if (small_blocks::owns(block)) {
    const size_t old_bytes = small_blocks::usable_bytes(block);
    if (bytes == 0) {
      free(block);
      return nullptr;
    }
    // It stays where it is while it fits and would not fit a class half
    // its size.
    if (bytes <= old_bytes && bytes > old_bytes / 2) {
      if (heap_blocks::recording_all())
        heap_blocks::allocated(block, bytes, false);
      return block;
    }
    void *moved = allocate(bytes, false, serving);
    if (!moved)
      return nullptr;
    std::memcpy(moved, block, std::min(old_bytes, bytes));
    free(block);
    return moved;
  }
  // A page-aligned block stays one, and a block that grows large becomes
  // one: both move.
  const size_t aligned_bytes =
      heap_blocks::aligning() ? aligned_block_bytes(block) : 0;
  if (aligned_bytes ||
      (bytes >= heap_blocks::kAlignedBytes && heap_blocks::aligning())) {
    if (bytes == 0) {
      free(block);
      return nullptr;
    }
    void *moved = allocate(bytes, false, serving);
    if (!moved)
      return nullptr;
    const size_t old_bytes =
        aligned_bytes ? aligned_bytes : malloc_usable_size(block);
    std::memcpy(moved, block, std::min(old_bytes, bytes));
    free(block);
    return moved;
  }
  if (heap_blocks::recording_all())
    heap_blocks::freed(block);
  void *resized = __libc_realloc(block, bytes);
  if (heap_blocks::recording_all())
    heap_blocks::allocated(resized, bytes, false);
  return resized;
}

namespace {

// glibc's malloc_usable_size, found when libferry is loaded: looked up on
// first use, dlsym would run inside dlsym's own frees (dlerror's strings),
// and its static's guard would find itself taken.
std::atomic<size_t (*)(void *)> glibc_usable_size{nullptr};

__attribute__((constructor)) void find_glibc_usable_size() {
  glibc_usable_size.store(hooks::next<size_t (*)(void *)>("malloc_usable_size"),
                          std::memory_order_release);
}

} // namespace

FERRY_HOOK size_t malloc_usable_size(void *block) {
  if (small_blocks::owns(block))
    return small_blocks::usable_bytes(block);
  if (auto glibc = glibc_usable_size.load(std::memory_order_acquire))
    return glibc(block);
  // Before then (a constructor that runs first), glibc's chunk header: the
  // size and flags in the word before the block, the header's 8 bytes
  // (16 for a chunk of its own mapping) not usable.
  if (!block)
    return 0;
  const size_t header = static_cast<size_t *>(block)[-1];
  return (header & ~size_t{7}) - ((header & 2) ? 16 : 8);
}
