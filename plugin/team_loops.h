// SPDX-License-Identifier: GPL-3.0-or-later
// Team loops (team_loops.cc): a program's `#pragma omp target teams
// distribute` loop whose iterations run `#pragma omp parallel for` loops
// among statements of their team, read as the statements each thread of
// one CUDA block runs, for team_regions.cc's entry.
#ifndef FERRY_PLUGIN_TEAM_LOOPS_H
#define FERRY_PLUGIN_TEAM_LOOPS_H

#include "gcc_compat.h"

#include <string>
#include <vector>

namespace ferry {

struct TeamLoop {
  // What every thread of a block runs: the distribute loop over the
  // blocks, its iterations' statements and parallel loops in the forms
  // a block runs them.
  tree threads_body = NULL_TREE;
  // Each thread's own: the loops' variables and the team's numbers and
  // pointers (every thread keeps a copy, all alike), declared in the
  // region, which threads_body names without declaring.
  std::vector<tree> own_variables;
  // The team's arrays: the block's .shared memory.
  std::vector<tree> team_arrays;
  // The distribute loop's iterations, an unsigned long long the host
  // evaluates before the region (of the function's variables).
  tree trips = NULL_TREE;
  // The parallel constructs' num_threads expressions.
  std::vector<tree> thread_requests;
  // Each nested parallel loop's iterations (an unsigned long long of the
  // function's or the team's variables): a block needs no more threads
  // than the widest has, where the host can tell.
  std::vector<tree> loop_trips;
};

// Whether TARGET, an OMP_TARGET, is `target teams` around one `distribute`
// loop whose body holds a parallel construct: a team loop.
bool is_team_loop(tree target);

// Reads the team loop whose teams construct is TEAMS, in FNDECL, into
// *LOOP; false, with the reason in *WHY_NOT, for a form whose meaning a
// block's threads cannot keep.
bool read_team_loop(tree fndecl, tree teams, TeamLoop *loop,
                    std::string *why_not);

} // namespace ferry

#endif
