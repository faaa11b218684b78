// SPDX-License-Identifier: GPL-3.0-or-later
// The program's own OpenMP target loops that ferry shows safe take ferry's
// path: each becomes a kernel of its own.
//
// A region that openmp_regions.cc checked without a doubt (every access
// shown, no mistake), or whose only doubt is a race its pragma promises
// away (Kernel::promised), and whose clauses (region_clauses.h) and
// variables ferry can keep is outlined into a static function,
// `__ferryomp_<function>_<line>_<n>`:
//   - each mapped pointer becomes a buffer parameter with the ownership of
//     its map kind and the length of its section (`to`: borrow, `from`:
//     out, `tofrom`: borrow_mut, `alloc`: scratch); a pointer that an
//     enclosing data region of the function maps takes that section;
//   - each number the loop reads becomes a parameter by value (OpenMP's
//     firstprivate);
//   - each variable of a `private` clause becomes a local of each
//     iteration;
//   - each scalar of a `reduction` clause becomes a local that starts from
//     the caller's value and gives its result back through a pointer, as
//     a kernel's `*norm += sum;` does;
//   - the target's `if` clause is evaluated once at the call site, which
//     runs the region as GCC compiled it (on the host) when it is false;
//     `nowait` runs the launch as any other;
//   - a `#pragma omp atomic` on a buffer's element stays in the body as
//     written (the checker counted its element read and written).
// The function carries [[ferry::kernel]], and the kernel pipeline
// (ferry_plugin.cc) checks and lowers it when the front end finishes it:
// the same direct entry, launch cache and residency as a kernel written by
// hand.  Only then is the region replaced by a call of it; a region whose
// kernel the pipeline does not take keeps GCC's path.  Sections that an
// enclosing data region maps stay the program's: libferry launches on
// libgomp's device copies and moves nothing for them, so the data
// directives keep their meaning.
//
// Input: a region read into the kernel model and checked, and the slot
// holding it.  Output: the call in the slot, or why the region keeps
// GCC's path.
#ifndef FERRY_PLUGIN_REGION_LOWERING_H
#define FERRY_PLUGIN_REGION_LOWERING_H

#include "gcc_compat.h"
#include "kernel_model.h"
#include "ownership_check.h"

#include <functional>
#include <map>
#include <string>

namespace ferry {

// A section that a data region of the function maps (`target data`,
// `target enter data`): the bytes from the pointer to its start, and its
// length in bytes.
struct DataSection {
  tree bias = NULL_TREE;
  tree bytes = NULL_TREE;
};
using DataSections = std::map<tree, DataSection>;

// Lowers an outlined kernel, checked, as the kernel pipeline does; false
// when it does not take it.
struct KernelFacts;
using KernelLowering = std::function<bool(Kernel &, KernelFacts &)>;

// Replaces the region at *SLOT of FNDECL, read into CHECKED and shown
// safe, by a call of a kernel outlined from it, which LOWER lowers; false,
// with the reason in *WHY_NOT, when the region keeps GCC's path.  PRESENT:
// the sections the function's data regions map around the region.  A
// pointer the region uses without a section takes, at run time, the one
// the program's data directives mapped around it (a caller's `target
// data`); where they mapped none, the region runs as GCC compiled it, and
// *WHY_NOT says so, and so it does where such sections overlap in what
// the loop reaches (REACHES, the check's, in the function's terms) and it
// writes one: an update in place.
bool outline_region(tree fndecl, tree *slot, const Kernel &checked,
                    const std::vector<Reach> &reaches,
                    const DataSections &present, const KernelLowering &lower,
                    std::string *why_not);

// At PLUGIN_PRE_GENERICIZE: lowers FNDECL if it is a kernel outlined above
// and returns true; false for every other function.
bool finish_outlined_region(tree fndecl);

} // namespace ferry

#endif
