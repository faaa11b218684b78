// SPDX-License-Identifier: GPL-3.0-or-later
// The ownership rules of the design (doc/rules.md), checked at compile time.
//
// Input: a Kernel model.  Output: an error at every expression that breaks a
// rule, with a note at the parameter whose attribute it breaks and the fix;
// and, for the stages after it, what the loops really do with each buffer
// and which functions they call.
#ifndef FERRY_PLUGIN_OWNERSHIP_CHECK_H
#define FERRY_PLUGIN_OWNERSHIP_CHECK_H

#include "gcc_compat.h"
#include "kernel_model.h"
#include "launch_disjointness.h"
#include "reductions.h"

#include <utility>
#include <vector>

namespace ferry {

struct BufferUse {
  bool read = false;
  bool written = false;
  bool atomic = false; // by an OpenMP atomic construct of the program's
};

struct LoopFacts {
  std::vector<Reduction> reductions;
  std::vector<AtomicUpdate> atomics;
};

// The bytes one loop can reach through a buffer, [first, end) from its
// pointer, as expressions of the kernel's parameters (long long; first >=
// end when the loop does not run): checked at run time against the
// declared length before the launch.
struct Reach {
  const BufferParam *buffer = nullptr;
  tree first = NULL_TREE;
  tree end = NULL_TREE;
  location_t location = UNKNOWN_LOCATION; // the loop
};

struct KernelFacts {
  std::vector<BufferUse> uses; // indexed by BufferParam::index
  // For every loop and buffer whose accesses are affine in loop variables
  // with bounds the parameters give; gathers such as x[idx[i]] have none.
  std::vector<Reach> reaches;
  // For every loop and buffer whose race freedom the launch's values
  // decide (launch_disjointness.h).
  std::vector<DisjointCheck> disjoint_checks;
  // Functions the loops call, in the order seen, with where.
  std::vector<std::pair<tree, location_t>> callees;
  std::vector<LoopFacts> loops; // indexed like Kernel::loops
  // What the checks could not show, and how much of it is only whether
  // an access is at the iteration's own element: in a program's OpenMP
  // region, what its pragma promises (Kernel::promised).  A mistake
  // OpenMP's meaning makes certain is none of that.
  int unshown = 0;
  int unshown_races = 0;
  bool certain_mistake = false;

  // Whether all the checks could not show is promised by the pragma.
  bool only_races_unshown() const {
    return !certain_mistake && unshown > 0 && unshown == unshown_races;
  }
};

// Checks rules 1, 2, 3 and 5 in every loop of KERNEL (rule 4 is checked
// while the model is built), and finds its reductions and atomic updates.
// Returns false after reporting errors.
bool check_ownership(const Kernel &kernel, KernelFacts *facts);

} // namespace ferry

#endif
