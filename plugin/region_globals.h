// SPDX-License-Identifier: GPL-3.0-or-later
// The program's globals that a target region reads, as OpenMP gives them
// to it.
//
// A variable of static storage that a `#pragma omp target` region names
// without a clause, and that is not `declare target`, is implicitly
// firstprivate when it is a scalar, and a zero-length array section when
// it is a pointer (OpenMP 4.5, 2.15.5): the region sees its value at the
// construct.  Older codes keep their sizes and field pointers in globals
// (miniWeather's nx, nz and hy_dens_cell).  Each such global that the
// region reads and never writes becomes a local of the function, set from
// the global right before the construct, in the region as GCC compiles it
// too: the same meaning, in terms the checker and the outliner take as
// they take the function's own variables.
//
// Input: the statement slot of an OMP_TARGET.  Output: the slot holds a
// scope with the locals, their assignments and the construct; the
// construct's new slot is returned (the same one when nothing changed).
#ifndef FERRY_PLUGIN_REGION_GLOBALS_H
#define FERRY_PLUGIN_REGION_GLOBALS_H

#include "gcc_compat.h"

namespace ferry {

tree *copy_region_globals(tree fndecl, tree *target_slot);

} // namespace ferry

#endif
