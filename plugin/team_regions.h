// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA-style team regions (team_regions.cc): a program's `#pragma omp
// target teams` whose teams each run one `#pragma omp parallel`, placed by
// omp_get_team_num() and omp_get_thread_num(), run as CUDA runs a kernel;
// and serial `#pragma omp target` regions, as a kernel of one thread.
#ifndef FERRY_PLUGIN_TEAM_REGIONS_H
#define FERRY_PLUGIN_TEAM_REGIONS_H

#include "gcc_compat.h"

#include <string>

namespace ferry {

// Whether TARGET, an OMP_TARGET, is `target teams` whose body is no loop
// construct: a team region, which team_regions.cc takes or leaves.
bool is_team_region(tree target);

// Adds the device entry of the team region at *SLOT in FNDECL and puts in
// its place the launch of that entry, with the region as it was for when
// the launch cannot be made.  False, with the reason in *WHY_NOT, for a
// region whose form the entry cannot keep the meaning of: it stays as GCC
// compiles it.
bool lower_team_region(tree fndecl, tree *slot, std::string *why_not);

// Whether TARGET, an OMP_TARGET, holds no construct but atomic ones: a
// serial region, which its one initial thread runs (nbody's energy sum,
// `#pragma omp target` around `for (i = 1; i < n; i++) e[0] += e[i]`).
bool is_serial_region(tree target);

// The same as lower_team_region, for a serial region: one team of one
// thread runs its body.
bool lower_serial_region(tree fndecl, tree *slot, std::string *why_not);

// The same for a team loop (team_loops.h: `target teams distribute` whose
// iterations run parallel loops among the team's statements): each
// iteration a team, one block of threads.
bool lower_team_loop(tree fndecl, tree *slot, std::string *why_not);

} // namespace ferry

#endif
