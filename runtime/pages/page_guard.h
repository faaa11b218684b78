// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Host pages of resident buffers guarded with mprotect, so that any host
// access is seen: from code compiled with or without the plugin, in any
// file, any thread, any library.  This is ferry's default coherence
// (FERRY_COHERENCE=pages); FERRY_CHECK=1 guards the same pages but reports
// an access instead of resolving it.
//
// Per page wholly inside a resident buffer:
//   no access    the device holds newer bytes on it
//   read only    both copies are current (a write would leave the device
//                copy stale)
//   read-write   the device copy is stale anyway
// Under FERRY_COHERENCE=pages a fault resolves itself: a read or write of
// a page the device holds newer bytes of copies back device-newer bytes
// (how many is the policy's choice: a read window, a page, or the whole
// buffer), a write also marks the page stale on the device, and the access
// goes on (the FaultResolver the resident policy registers).
//
// Which pages are guarded is the resident policy's choice
// (residency/entry_guards.h): all the pages a buffer touches when they hold
// only its heap block's data (heap_blocks.h), the pages wholly inside it
// otherwise.  A page two buffers share gets the stricter of their needs,
// and a fault on it resolves for both.  The bytes of a buffer on pages
// that are not guarded are never left newer on the device (they come back
// as the kernel ends) and are always uploaded again before a kernel reads
// them.  Host syncs widen to whole pages, so that a synced page can be
// opened.
#ifndef FERRY_RUNTIME_PAGE_GUARD_H
#define FERRY_RUNTIME_PAGE_GUARD_H

#include "pages/host_pages.h"

#include <signal.h>

#include <vector>

namespace ferry::rt::page_guard {

// Whether host pages are guarded: FERRY_COHERENCE=pages or FERRY_CHECK=1.
bool enabled();
// Whether a fault is reported (FERRY_CHECK=1) rather than resolved.
bool reporting();
// Whether faults are resolved: host loads and stores need no sync.
bool resolving();

// The pages wholly inside RANGE (empty, never inverted, where there are
// none), and all the pages RANGE touches.
Range inner_pages(Range range);
Range whole_pages(Range range);
// RANGE rounded out to whole pages, clipped to BUFFER.
Range widen_to_pages(Range range, Range buffer);

// Sets WANTED, ranges of PAGES' guarded pages with their PROT_* bits, a
// later range overriding an earlier one, with a system call only for the
// pages whose protection changes.
void apply(GuardedPages &pages, std::vector<std::pair<Range, int>> wanted);
// Opens PAGES' guarded pages (as their buffer's entry is dropped).
void open(GuardedPages &pages);

// What answers a fault on a guarded page: the residency policy, which
// keeps the books of whose bytes are where.
class FaultResolver {
public:
  virtual ~FaultResolver() = default;
  // The host touched ADDRESS on a guarded page, reading it or also
  // WRITE-ing it: brings back what the device changed, marks the page
  // stale on the device for a write, opens it, and returns true; false
  // when ADDRESS is no resident buffer's.  Called from the SIGSEGV
  // handler.
  virtual bool resolve_fault(const void *, bool) { return false; }
  // The parameter name of the buffer around HOST, for reports; nullptr if
  // there is none or the books are busy (it is called from a signal
  // handler).
  virtual const char *name_at(const void *host) = 0;
};
// The policy registers itself as it is made (runtime.cc); a fault before
// that is none of ferry's.
void register_resolver(FaultResolver &resolver);

// Gives the calling thread a signal stack of ferry's own, once, unless it
// has one.  A thread's launches may guard pages of its stack (a local
// array, a coroutine's stack in the heap); when frames grow over them
// again, the fault's stack pointer is on guarded pages, and the handler
// can run only on a stack of its own.
void ensure_signal_stack();

// The first page of RANGE that is not mapped memory, or 0 when all are:
// a length that runs past the end of its allocation.
std::uintptr_t first_unmapped_page(Range range);

// Whether a new buffer of BYTES may be guarded.  Each stretch of pages
// with a protection of its own is a mapping of the kernel's, which allows
// a process vm.max_map_count of them (65,530 by default), and mprotect
// fails past that.  The guards take at most half of them, buffers under
// 64 KiB at most a quarter; a buffer not guarded takes the unguarded path
// (its bytes come back as each kernel ends), slower but right.
bool room_for_guard(std::size_t bytes);
// How many times ferry has changed the protection of any pages, in the
// process: while this and residency_changes() stay the same, every page
// is as it was (residency/repeated_launches.h).
std::uint64_t protection_changes();

// Asks for transparent huge pages on the 2 MiB-aligned interior of PAGES,
// which are about to be page-locked whole (pinned_pages.h, pin), so
// that those not yet faulted in come 512 at a time: a kernel's `out`
// buffer of 1.6 GB took 400,000 faults.  Only where the kernel gives huge
// pages on request (transparent_hugepage "madvise"; under "always" they
// come anyway), for at least 4 MiB, and unless FERRY_HUGE_PAGES=0.  The
// pages are all faulted in by the locking, so no memory is lost to it;
// guards that change part of a huge page split it.  True if it asked.
bool ask_huge_pages(Range pages);
// Withdraws that request as the pages are unlocked, so that what the
// program's allocator puts there later faults in as before.
void withdraw_huge_pages(Range pages);
// The part of PAGES that ask_huge_pages asks for.
Range huge_interior(Range pages);

// A SIGSEGV disposition the program sets with sigaction or signal
// (hooks/signal_hooks.cc) once ferry's handler is installed: it becomes the
// one ferry's handler passes the program's own faults to, and OLD (if not
// null) receives the one before; ferry's handler stays first.  False, with
// nothing done, while ferry's handler is not installed.
bool replace_program_handler(const struct sigaction *action,
                             struct sigaction *old);

// In a forked child: closes the descriptor of /proc/self/mem inherited from
// the parent, which names the parent's memory (a copy through it wrote
// there); the next copy opens the child's own.
void forget_own_memory();

// Copy BYTES between host memory at HOST, on guarded pages, and DATA
// without opening the pages, through /proc/self/mem.  Opening them would
// let another thread read them before the copy is done, or write into them
// and have the copy overwrite that (host threads working on a buffer a
// kernel just wrote fault together).  False where that does not work (a
// shared file mapping, no /proc): the caller opens the pages instead.
bool write_closed(std::uintptr_t host, const void *data, std::size_t bytes);
bool read_closed(void *data, std::uintptr_t host, std::size_t bytes);

} // namespace ferry::rt::page_guard

#endif
