// SPDX-License-Identifier: GPL-3.0-or-later
// Which clauses of a program's own target loop the kernel outlined from it
// keeps (region_lowering.h): those that only spread the iterations or
// promise what the check showed, the maps of its buffers and numbers,
// `private`, `firstprivate` and `shared`, the loop's own variable in
// `lastprivate` or `linear`, reductions of a number with +, *, -, &, |, ^,
// min or max, `nowait`, and the target's `if` and `device` clauses, which
// the call site evaluates.  Any other clause keeps the region on GCC's
// path (doc/openmp-regions.md has the table).
//
// Input: a region read into the kernel model and checked, and its loop.
// Output: the clauses the outlined kernel needs to know of, or the first
// it cannot keep.
#ifndef FERRY_PLUGIN_REGION_CLAUSES_H
#define FERRY_PLUGIN_REGION_CLAUSES_H

#include "gcc_compat.h"
#include "kernel_model.h"

#include <set>
#include <string>

namespace ferry {

struct KeptClauses {
  tree device_if = NULL_TREE;     // the target's `if` clause
  tree device_clause = NULL_TREE; // the target's `device` clause
  std::set<tree> privates;        // the private clauses' variables
  std::set<tree> reductions;      // the reduction clauses' variables
};

// Reads the clauses of CHECKED's region, whose loop is LOOP, into *KEPT;
// false, with the reason in *WHY_NOT, at the first the kernel cannot keep.
bool read_kept_clauses(const Kernel &checked, const ParallelLoop &loop,
                       KeptClauses *kept, std::string *why_not);

// Whether VAR is the variable of one of LOOP's levels.
bool is_level_var(const ParallelLoop &loop, tree var);

} // namespace ferry

#endif
