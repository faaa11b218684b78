// SPDX-License-Identifier: GPL-3.0-or-later
// Reading a program's own OpenMP target loop into the kernel model
// (region_reader.cc), for openmp_regions.cc to check: the loop nest
// through its combined and nested constructs, the iterations' own
// variables from their clauses, the buffers from the map clauses and the
// pointers the loop uses without one.
#ifndef FERRY_PLUGIN_REGION_READER_H
#define FERRY_PLUGIN_REGION_READER_H

#include "gcc_compat.h"
#include "kernel_model.h"
#include "region_lowering.h"

#include <string>

namespace ferry {

// Reads the target region TARGET of FNDECL into *KERNEL, which points to
// *REGION (its location, the directive as read so far, and the options,
// set by the caller); false, with the reason in *WHY_NOT, for a shape the
// checker does not follow.  PRESENT: what enclosing data regions map.
bool read_openmp_region(tree fndecl, tree target, const DataSections &present,
                        OpenmpRegion *region, Kernel *kernel,
                        std::string *why_not);

// The variable an address or a mapped object is based on: `x` of `*x`,
// `x[i]`, `*(x + 8 * i)`; NULL_TREE when it is not one variable's.
// A loop construct's level number I, from OMP_FOR_INIT, _COND and _INCR's
// elements: `for (var = lower; var < bound; ++var)`, or `<=`, or counting
// down by one, as the same iterations counting up over [lower, bound).
// WHERE: the level's location when INIT has none.  STEPPED: a loop
// counting up by a constant above one is read too, with its step (team
// loops place each iteration with code of their own, which keeps it).
// False, with the reason in *WHY_NOT, for a loop of another form.
bool read_loop_level(tree init, tree condition, tree increment,
                     location_t where, LoopLevel *level, std::string *why_not,
                     bool stepped = false);

tree base_variable(tree t);

// The variable a clause names, also through an array section (the front
// end's TREE_LIST of bounds, chained to what it subscripts).
tree clause_variable(tree decl);

// EXPRESSION with each value the front end saved read as its expression:
// for a region's own clause, evaluated where its loop starts, the same
// value, in terms the checker can compare with the loop's subscripts.
tree without_saved_values(tree expression);

// Whether EXPRESSION holds a value the front end saved (a SAVE_EXPR).
bool holds_saved_value(tree expression);

} // namespace ferry

#endif
