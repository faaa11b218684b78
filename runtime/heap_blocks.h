// FERRY_CHECK=1 also checks a buffer's declared length against the heap
// block it lies in: borrow(n) promises n elements from the pointer, and an
// upload of n elements past the end of the allocation would read other
// data (or fault) without a word.
//
// While check mode is on, libferry's malloc, calloc, memalign and realloc
// (memory_hooks.cc) record the blocks they hand out, and free forgets
// them.  Blocks from before libferry started, from aligned_alloc or
// posix_memalign, stack, static and mmap memory are not known: their
// lengths stay trusted.
#ifndef FERRY_RUNTIME_HEAP_BLOCKS_H
#define FERRY_RUNTIME_HEAP_BLOCKS_H

#include "residency_table.h"

#include <cstddef>

namespace ferry::rt::heap_blocks {

// Whether allocations are being recorded (check mode).
bool recording();

void allocated(void *block, std::size_t bytes);
void freed(void *block);

// The recorded block that contains ADDRESS; false when none is known.
bool find(const void *address, Range *block);

} // namespace ferry::rt::heap_blocks

#endif
