// free and realloc, seen by libferry: memory that is freed or moved must
// never be taken for a resident buffer later.  In check mode malloc,
// calloc and memalign are seen too, to know the heap blocks
// (heap_blocks.h).
//
// libferry defines free and realloc; as a library the program links before
// the C library, its definitions are the ones the program and its other
// libraries call (operator delete and std::vector's reallocation end in
// free).  Each forwards to glibc's own (__libc_free, __libc_realloc), after
// dropping the device copies of the block: free discards them, realloc
// copies back what the device changed first, since the data lives on.
// While no device copy exists the cost is one atomic load.
#include "heap_blocks.h"
#include "transfers.h"

#include <malloc.h>

#include <atomic>

extern "C" {
void __libc_free(void *);
void *__libc_realloc(void *, size_t);
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_memalign(size_t, size_t);
}

namespace ferry::rt {

int &inside_runtime() {
  thread_local int depth = 0;
  return depth;
}

namespace {

bool may_hold(void *block) {
  return block && inside_runtime() == 0 && policy_created() &&
         transfers().holds(block, malloc_usable_size(block));
}

} // namespace

} // namespace ferry::rt

using namespace ferry::rt;

extern "C" __attribute__((visibility("default"))) void free(void *block) {
  if (block && inside_runtime() == 0 && policy_created())
    transfers().host_freeing(block, malloc_usable_size(block));
  if (block && heap_blocks::recording())
    heap_blocks::freed(block);
  __libc_free(block);
}

namespace {

void *recorded(void *block, size_t bytes) {
  if (heap_blocks::recording())
    heap_blocks::allocated(block, bytes);
  return block;
}

} // namespace

extern "C" __attribute__((visibility("default"))) void *malloc(size_t bytes) {
  return recorded(__libc_malloc(bytes), bytes);
}

extern "C" __attribute__((visibility("default"))) void *calloc(size_t count,
                                                               size_t size) {
  return recorded(__libc_calloc(count, size), count * size);
}

extern "C" __attribute__((visibility("default"))) void *
memalign(size_t alignment, size_t bytes) {
  return recorded(__libc_memalign(alignment, bytes), bytes);
}

extern "C" __attribute__((visibility("default"))) void *realloc(void *block,
                                                                size_t bytes) {
  if (may_hold(block)) {
    const std::size_t old_bytes = malloc_usable_size(block);
    transfers().sync_to_host(block, old_bytes);
    transfers().forget(block, old_bytes);
  }
  if (block && heap_blocks::recording())
    heap_blocks::freed(block);
  return recorded(__libc_realloc(block, bytes), bytes);
}
