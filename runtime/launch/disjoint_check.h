// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Rule 2 at the launch, for loops whose race freedom depends on the
// parameters' values.
//
// Input: the affine accesses one loop makes to one buffer (in bytes from
// its pointer: a constant plus a coefficient per loop variable), with the
// loop variables' ranges, all as the launch's values.  The plugin sends
// these when it cannot prove at compile time that the loop's reads of a
// buffer it also writes are at elements no iteration writes (an in-place
// halo copy, buffer[row + h - 1 - k] = buffer[row + h + k]) or that its
// writes are distinct (a stride it cannot compare with a range).
// Output: whether no element is written by two iterations and no element
// written is read elsewhere; else the first conflict found.  Exact for
// the values given, and conservative: a loop that writes one element twice
// in one iteration through two different forms counts as a conflict.
#ifndef FERRY_RUNTIME_DISJOINT_CHECK_H
#define FERRY_RUNTIME_DISJOINT_CHECK_H

#include <vector>

namespace ferry::rt {

struct LoopVariable {
  long long lower = 0, bound = 0; // [lower, bound)
  bool parallel = false;
};

struct AccessForm {
  bool write = false;
  unsigned line = 0;
  long long constant = 0, size = 0;    // bytes
  std::vector<long long> coefficients; // bytes per step, one per variable
};

struct DisjointResult {
  enum Kind {
    disjoint,
    two_writes,    // two iterations write one element
    read_of_write, // an element written is read by another iteration
    too_large      // more accesses than the check enumerates
  } kind = disjoint;
  long long byte = 0;              // where, from the buffer's pointer
  unsigned write_line = 0;         // the write concerned
  unsigned other_line = 0;         // the other write or the read
  unsigned long long accesses = 0; // for too_large: how many
};

// Enumerates at most LIMIT accesses when the ranges alone do not settle it.
DisjointResult check_disjoint(const std::vector<LoopVariable> &variables,
                              const std::vector<AccessForm> &forms,
                              unsigned long long limit);

} // namespace ferry::rt

#endif
