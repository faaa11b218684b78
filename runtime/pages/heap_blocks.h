// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The heap blocks libferry's allocation hooks (memory_hooks.cc) hand out,
// for two uses:
//
//  - FERRY_CHECK=1 checks a buffer's declared length against the block it
//    lies in: borrow(n) promises n elements from the pointer, and an upload
//    past the end of the allocation would read other data without a word.
//    Every block is recorded then.
//  - Guarded pages (page_guard.h): a block of kAlignedBytes or more is
//    allocated page-aligned and rounded up to whole pages, so that the
//    pages of a buffer inside it hold nothing but that block's data, and
//    can be guarded whole, edges included.  Those blocks are recorded.
//    A page, not less: a smaller buffer cannot be guarded and comes back
//    after every kernel that writes it, waiting for the kernel (13 us a
//    launch on the H200 for 2 KiB vectors, 4 us for guarded ones), but
//    page-aligning every block from 1 KiB up made a program with 100,000
//    live 1.5 KiB vectors take 5x the memory and its allocations 6x the
//    time (glibc's memalign leaves a page of slack in front of each).
//
// Blocks from before libferry started, from aligned_alloc or
// posix_memalign, and stack, static and mmap memory are not known: their
// lengths stay trusted, and a buffer there is guarded on its inner pages
// only.
#ifndef FERRY_RUNTIME_HEAP_BLOCKS_H
#define FERRY_RUNTIME_HEAP_BLOCKS_H

#include "pages/host_pages.h"

#include <cstddef>

namespace ferry::rt::heap_blocks {

constexpr std::size_t kAlignedBytes = 4096;

// Whether every block is recorded (check mode).
bool recording_all();
// Whether large blocks are page-aligned and recorded (pages are guarded).
bool aligning();

void allocated(void *block, std::size_t bytes, bool page_aligned);
void freed(void *block);

struct Block {
  Range range; // the bytes asked for
  // Page-aligned, with the rest of its last page allocated but unused.
  bool page_aligned = false;
};

// The recorded block that contains ADDRESS; false when none is known.
bool find(const void *address, Block *block);

// Whether [host, host + bytes) runs past the end of the recorded block
// HOST lies in; *ROOM then holds the bytes from HOST to that end.  False
// when it does not, or no block is known there.
bool runs_past(const void *host, std::size_t bytes, std::size_t *room);

} // namespace ferry::rt::heap_blocks

#endif
