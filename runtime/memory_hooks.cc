// free and realloc, seen by libferry: memory that is freed or moved must
// never be taken for a resident buffer later.
//
// libferry defines free and realloc; as a library the program links before
// the C library, its definitions are the ones the program and its other
// libraries call (operator delete and std::vector's reallocation end in
// free).  Each forwards to glibc's own (__libc_free, __libc_realloc), after
// dropping the device copies of the block: free discards them, realloc
// copies back what the device changed first, since the data lives on.
// While no device copy exists the cost is one atomic load.
#include "transfers.h"

#include <malloc.h>

#include <atomic>

extern "C" {
void __libc_free(void *);
void *__libc_realloc(void *, size_t);
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
  __libc_free(block);
}

extern "C" __attribute__((visibility("default"))) void *realloc(void *block,
                                                                size_t bytes) {
  if (may_hold(block)) {
    const std::size_t old_bytes = malloc_usable_size(block);
    transfers().sync_to_host(block, old_bytes);
    transfers().forget(block, old_bytes);
  }
  return __libc_realloc(block, bytes);
}
