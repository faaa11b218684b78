// SPDX-License-Identifier: GPL-3.0-or-later
// What a helper function does through one of its pointer or reference
// parameters, so that the ownership check can follow buffer elements
// passed to helpers, several calls deep (rule 2, transitively).
//
// Input: a function with a visible body (a template instance is
// instantiated) and a parameter index.  Output: the accesses made through
// that parameter, each at a byte offset from where it points when the
// offset is known: a constant, plus the bytes a counted loop of the helper
// sweeps (chunk[l] over l < 4), plus multiples of the helper's integer
// parameters (e[group * 4 + l]), which the caller replaces by its
// arguments; and where the pointer is used in a way that cannot be
// followed (stored, compared, converted, indexed by another variable).
#ifndef FERRY_PLUGIN_HELPER_EFFECTS_H
#define FERRY_PLUGIN_HELPER_EFFECTS_H

#include "gcc_compat.h"

#include <vector>

namespace ferry {

// Plain numbers, not trees: the effects are kept for the whole unit, and
// the garbage collector does not know this cache.
struct HelperAccess {
  bool constant_offset = false; // offset, sweep and terms are all known
  HOST_WIDE_INT offset = 0; // bytes from the parameter's target
  HOST_WIDE_INT size = -1;  // bytes accessed (-1: not constant)
  // The helper's counted loops move the access over [offset, offset +
  // sweep + size); DENSE when they touch every byte of it.
  HOST_WIDE_INT sweep = 0;
  bool dense = true;
  // (index of an integer parameter, bytes per unit of it) added to offset.
  std::vector<std::pair<unsigned, HOST_WIDE_INT>> terms;
  bool write = false;
  // Made on every path through the helper: not under a condition, in a
  // loop other than a counted one that runs, or after a `return` that may
  // have been taken.
  bool unconditional = false;
  location_t location = UNKNOWN_LOCATION; // in the helper
  tree function = NULL_TREE;              // the helper that makes it
};

struct HelperEffects {
  std::vector<HelperAccess> accesses;
  // Where the pointer escapes analysis (UNKNOWN_LOCATION: it does not).
  location_t untracked = UNKNOWN_LOCATION;
  tree untracked_function = NULL_TREE;
};

// The effects of FNDECL through its parameter number INDEX.
const HelperEffects &helper_effects(tree fndecl, unsigned index);

// Whether FNDECL, whose parameter number INDEX is a pointer to data that
// is not const, still only reads through it: no store, increment or
// non-const argument of a call (unless that callee only reads through it
// too) goes through the parameter or a local pointer the helper sets
// from it (XSBench's `low = &nuclide_grids[...]`, then `low->energy`),
// and no such pointer is stored elsewhere, has its address taken, or is
// returned.  What a pointer to const would say, found in the body.
bool helper_only_reads(tree fndecl, unsigned index);

} // namespace ferry

#endif
