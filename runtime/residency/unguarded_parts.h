// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The parts of a resident buffer on pages that are not guarded, and what
// the resident policy (resident_transfers.cc) keeps to tell whether the host
// changed them: no fault tells of host writes there.
//
// Input: a residency-table entry (residency_table.h) with its guarded pages;
// output: its at most two unguarded parts, and the copies of their bytes
// kept in the entry (ResidentBuffer::unguarded_copies).
#ifndef FERRY_RUNTIME_UNGUARDED_PARTS_H
#define FERRY_RUNTIME_UNGUARDED_PARTS_H

#include "residency/residency_table.h"

namespace ferry::rt {

// At most the two ends of a buffer, or the whole of one on no guarded page.
struct UnguardedParts {
  Range ranges[2];
  unsigned count = 0;
  const Range *begin() const { return ranges; }
  const Range *end() const { return ranges + count; }
};

// ENTRY's parts on pages that are not guarded, while pages are guarded at
// all; asked twice a buffer a launch, so without an allocation.
UnguardedParts unguarded_parts(const ResidentBuffer &entry);

// Whether the host bytes of PART, on pages that are not guarded, are those
// both sides had when they were last copied: then the device copy is
// current.  A copy per launch for a small array of coefficients costs more
// than comparing.
bool unchanged_since_copied(const ResidentBuffer &entry, Range part);

// Keeps the bytes of ENTRY's parts on unguarded pages that lie inside
// CURRENT, bytes both sides have just been made to hold alike, for
// unchanged_since_copied; forgets those of parts only partly inside (the
// host may have changed the rest unseen).
void remember_unguarded(ResidentBuffer &entry, Range current);

} // namespace ferry::rt

#endif
