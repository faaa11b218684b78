// SPDX-License-Identifier: GPL-3.0-or-later
// The host's side of a team entry (team_regions.h): the statements that
// replace a team region, team loop or serial region.  libgomp's device
// address of each pointer and array the region uses, the launch of the
// entry when all are mapped, and the region as it was when the launch
// does not happen; all inside a `target data` of the region's own maps
// (region_data.h).
#ifndef FERRY_PLUGIN_TEAM_LAUNCH_H
#define FERRY_PLUGIN_TEAM_LAUNCH_H

#include "gcc_compat.h"

#include <vector>

namespace ferry {

// A variable of the function that the region uses, an argument of the
// entry.
struct TeamArgument {
  tree decl;
  // How the host passes it: a number's value; a pointer's device address
  // (libferry's part); an array's device address; the device address of
  // libferry's copy of a struct (which GCC's nvptx back end passes by
  // reference, so the entry takes its address, as a kernel's struct).
  enum class Pass { value, device_address, array_address, object } pass;
  // What the copied body names: DECL, or for a variable of static
  // storage, which the copy would keep, a local standing in for it.
  tree named = NULL_TREE;
};

// The type of the entry's parameter for ARGUMENT: an array's or a
// struct's address, or the variable's type (each thread may move its copy
// of a pointer).
tree team_parameter_type(const TeamArgument &argument);

// The type of the host's copy of ARGUMENT's value: the variable's, but for
// an array (its address).
tree team_host_copy_type(const TeamArgument &argument);

// What the replacement needs to know of the region and its entry.
struct TeamLaunch {
  tree fndecl;
  tree target;                // the OMP_TARGET, kept for GCC's path
  location_t location;
  tree device_clause;         // the target's `device` clause, or null
  const std::vector<TeamArgument> *arguments;
  unsigned parameter_count;   // the entry's parameters
  tree teams;                 // how many teams, as the host computes it
  tree threads;               // a team's threads, as the host computes it
  const char *symbol;         // the entry's
};

// The statements in the region's place.  Evaluates a `device` clause once,
// into a variable that the clause then names.
tree team_launch_or_region(const TeamLaunch &launch);

} // namespace ferry

#endif
