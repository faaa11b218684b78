// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// libferry's own allocator for heap blocks under a page, which the memory
// hooks (hooks/memory_hooks.cc) send here while pages are guarded, so that
// a buffer in a small block can stay resident with its pages guarded, as a
// large one does (heap_blocks.h), instead of coming back after every
// kernel that writes it.
//
// glibc keeps a block's size in front of it and its free lists inside
// freed blocks, so a guarded page would fault inside malloc and free of
// its neighbours, with malloc's lock held.  Here no metadata lives among
// the blocks:
//   - one reservation of address space is cut into 64 KiB slabs, each
//     holding blocks of one size class (28 classes from 16 bytes to 4 KiB,
//     at most a quarter apart);
//   - which slots are free, and how many buffers' guards claim each page,
//     live in a second reservation.
// A page may be guarded for a buffer only while every live block on it
// holds a buffer too (claim_pages); while a page is claimed no new block
// is placed on it.  So the program's other data never sits on a guarded
// page, and no thread but those touching buffers ever faults there.
//
// Blocks of threads that do not run the program's code (those the GPU
// driver, MPI or libferry itself start) and of libferry's own code come
// from glibc, as do blocks from before libferry started, from memalign and
// its relatives, and any this allocator cannot place (it is full, or the
// reservation failed): those keep today's path, copied back after every
// writing kernel.  FERRY_SMALL_BLOCKS=0 turns it off.
#ifndef FERRY_RUNTIME_SMALL_BLOCKS_H
#define FERRY_RUNTIME_SMALL_BLOCKS_H

#include "pages/host_pages.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace ferry::rt::small_blocks {

// Blocks of fewer bytes than this may come from here.
constexpr std::size_t kLargestBytes = 4096;

// Whether the allocator is on (pages guarded, FERRY_SMALL_BLOCKS not 0,
// its address space reserved).
bool enabled();
// Whether this call's small block should come from here: the allocator is
// on, the calling thread runs the program's code, and neither libferry nor
// a call it holds signals for (a launch through the GPU driver or libgomp,
// SignalsHeld in runtime.h) is running on it: their blocks would keep the
// program's buffers beside them from being guarded.
bool serving();
// A block of BYTES (< kLargestBytes), or nullptr when none can be placed.
void *allocate(std::size_t bytes);
// Whether BLOCK is one of this allocator's.
bool owns(const void *block);
// Frees BLOCK, one of this allocator's; a pointer into the middle of a
// block, or one freed twice, stops the program as glibc does.
void release(void *block);
// The bytes BLOCK can hold (its size class).
std::size_t usable_bytes(const void *block);

// Whether RANGE lies inside one of this allocator's live blocks (its slot).
bool holds_whole(Range range);
// Claims the pages of each of CLAIMS (COUNT ranges of whole pages) for a
// buffer's guard, when every live block with bytes on CHECKED (whole pages
// inside one slab, covering them all) passes COVERED (holds a buffer);
// until released, no new block is placed on a claimed page.  False, with
// nothing claimed, otherwise.  COVERED runs under the allocator's lock: it
// must not allocate outside libferry's own scope.
bool claim_pages(Range checked, const Range *claims, std::size_t count,
                 bool (*covered)(Range block, void *context), void *context);
void release_pages(Range pages);

// How many of the residency table's entries have bytes in each slab,
// changed by DELTA for those RANGE spans (under the table's lock), so that
// the free hook can tell without that lock that a block's slab holds none.
void count_entries(Range range, int delta);
bool slab_holds_entries(const void *block);

// The protection page_guard last set on the whole pages of RANGE, noted
// here for pages of this allocator (nothing otherwise): several buffers
// set a shared page's protection, and each reads it from here instead of
// from what it set last itself.
void note_protection(Range pages, int protection);
// The protection of the whole pages of RANGE (inside one slab), as
// page_guard's layers: stretches in address order with their PROT_* bits.
std::vector<std::pair<Range, int>> protection_of(Range pages);

// Whether a thread that code at CALLER is creating runs the program's
// code: created by the program itself, by libgomp (OpenMP's teams) or by
// libstdc++ (std::thread), and not from inside libferry.
bool program_thread_creator(const void *caller);
// Marks the calling thread as one whose blocks come from glibc.
void mark_thread_plain();

} // namespace ferry::rt::small_blocks

#endif
