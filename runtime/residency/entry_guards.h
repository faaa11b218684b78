// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// How the resident policy (resident_transfers.cc) guards the host pages of
// its entries (pages/page_guard.h): which pages an entry's guard takes,
// the guards that buffers in small blocks share (pages/small_blocks.h),
// and each page's protection from the freshness of the bytes on it.
#ifndef FERRY_RUNTIME_ENTRY_GUARDS_H
#define FERRY_RUNTIME_ENTRY_GUARDS_H

#include "residency/entry_copies.h"
#include "residency/residency_table.h"

namespace ferry::rt {

class EntryGuards {
public:
  EntryGuards(ResidencyTable &table, EntryCopies &copies)
      : table_(table), copies_(copies) {}

  // The pages guarded for RANGE: all it touches when they hold only the
  // data of a page-aligned heap block, else those wholly inside it (a
  // buffer in a small block gains its pages in guard_small_blocks); none
  // past the kernel's limit on mappings (page_guard::room_for_guard).  A
  // block that a coroutine runs on as its stack holds the frames around
  // the buffer too: a fault there could not even push the handler's frame.
  static Range guarded_pages(Range range);

  // A buffer in a small block is guarded on all the pages it touches only
  // together with the buffers it shares them with, and theirs in turn: the
  // guards of all of them are claimed when every live block on those pages
  // holds a buffer, or none are (those claimed before lose theirs).  So no
  // buffer's bytes sit unguarded on a page that another's guard closes,
  // for ferry's own copies to fault on.
  void guard_small_blocks(ResidentBuffer &entry);

  // Takes ENTRY's claimed guard away: what the device holds newer comes
  // back, its pages open, and from now on its bytes come back as each
  // kernel ends.
  void unguard(ResidentBuffer &entry);
  // Gives ENTRY's claimed pages back to the small-block allocator.
  static void release_claim(ResidentBuffer &entry);

  // Sets the protection of ENTRY's guarded pages from the freshness of
  // its bytes, and of its neighbours' on the pages they share.
  void protect(ResidentBuffer &entry);

private:
  // The strictest need of the buffers that have bytes on PAGE: no access
  // where one has newer bytes on the device, read-only where one's device
  // copy is current, else read-write.
  int shared_page_protection(Range page);

  ResidencyTable &table_;
  EntryCopies &copies_;
};

} // namespace ferry::rt

#endif
