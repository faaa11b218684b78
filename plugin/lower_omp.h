// SPDX-License-Identifier: GPL-3.0-or-later
// Lowering of a checked kernel to an OpenMP target region (lower_omp.cc).
#ifndef FERRY_PLUGIN_LOWER_OMP_H
#define FERRY_PLUGIN_LOWER_OMP_H

#include "kernel_model.h"
#include "lower_direct.h"
#include "map_kinds.h"
#include "ownership_check.h"

#include <vector>

namespace ferry {

// Rewrites KERNEL's body in place, with the reductions and atomic updates
// that the ownership check found (FACTS).  SIMD false builds the region without
// its `simd` level (see simt_safety.h).  Each loop with an entry in ENTRIES
// (lower_direct.h) first tries the direct launch and runs its region only if
// that is declined.  Errors, if any, are reported.
void lower_to_openmp(const Kernel &kernel, const KernelFacts &facts,
                     const std::vector<MapDecision> &maps, bool simd,
                     const std::vector<DirectEntry> &entries);

} // namespace ferry

#endif
