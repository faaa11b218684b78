// FERRY_CHECK=1: host pages whose data the device holds are protected, so
// that a host access ferry was not told about stops the program with a
// report instead of reading stale data silently.
//
// Per page wholly inside a resident buffer:
//   no access    the device holds newer bytes on it
//   read only    both copies are current (a write would leave the device
//                copy stale)
//   read-write   the device copy is stale anyway
// The pages at a buffer's ends that it shares with other data cannot be
// protected, so in check mode the resident policy never leaves newer bytes
// on the device there (it copies them back as the kernel ends) and always
// uploads them again before a kernel reads them.  Host syncs widen to whole
// pages, so that a synced page can be opened.
#ifndef FERRY_RUNTIME_CHECK_MODE_H
#define FERRY_RUNTIME_CHECK_MODE_H

#include "residency_table.h"

#include <vector>

namespace ferry::rt::check_mode {

bool enabled();

// The parts of a buffer's host range that lie on pages shared with other
// data (at most two: its first and its last page).
std::vector<Range> shared_pages(Range buffer);
// RANGE rounded out to whole pages, clipped to BUFFER.
Range widen_to_pages(Range range, Range buffer);

// Sets the protection of ENTRY's pages from its freshness.
void protect(const ResidentBuffer &entry);
// Opens all of BUFFER's pages again (it is dropped).
void unprotect(Range buffer);

} // namespace ferry::rt::check_mode

#endif
