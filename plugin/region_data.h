// SPDX-License-Identifier: GPL-3.0-or-later
// The data a team region maps itself.  ferry launches team regions, team
// loops and serial regions (team_regions.h) on libgomp's copies of the
// program's data, which it looks up on the device before the launch; a
// region whose own `map` clauses move its data (`#pragma omp target teams
// map(to: a[0:n]) map(from: b[0:n])`, stencil1d's) would find nothing
// there, for libgomp maps them only as it starts the region.  So the
// launch, and the region kept for GCC's path, go inside a `target data`
// construct with the same maps: libgomp copies in before the lookup and
// back after both, as the region itself would have, and the region on
// GCC's path finds its data present.
//
// Input: the OMP_TARGET, the statements that replace it, and the variable
// its `device` clause was evaluated into (or none).  Output: those
// statements inside an OMP_TARGET_DATA of the target's maps, or unchanged
// when the target maps nothing that moves, or a map the data construct
// cannot make: only to, from, tofrom or alloc of a variable or of a
// section of an array or pointer (no member), with the pointer mapping
// that goes with such a section, and nothing in it that has effects, for
// both constructs evaluate it.
#ifndef FERRY_PLUGIN_REGION_DATA_H
#define FERRY_PLUGIN_REGION_DATA_H

#include "gcc_compat.h"

namespace ferry {

// STATEMENTS inside `target data` with TARGET's movable maps and, where
// DEVICE is not null, `device(DEVICE)`; else STATEMENTS.  FNDECL: the
// function holding TARGET.  A target inside another construct of the
// function (a `parallel` whose threads each run it) gets none: GCC 12's
// OpenMP lowering crashed on such a data construct that ferry made,
// around what ferry put in the region's place.
tree within_region_data(tree fndecl, tree target, tree device,
                        tree statements);

} // namespace ferry

#endif
