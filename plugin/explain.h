// SPDX-License-Identifier: GPL-3.0-or-later
// -fplugin-arg-ferry-explain: what ferry made of each kernel.
//
// Input: the Kernel, its facts and map plan.  Output: a note at the kernel
// with the equivalent `#pragma omp` line, and a note at each parameter with
// the reason for its map kind.  Printed before lowering, so the pragma line
// is exactly what lower_omp.cc builds.
#ifndef FERRY_PLUGIN_EXPLAIN_H
#define FERRY_PLUGIN_EXPLAIN_H

#include "kernel_model.h"
#include "lower_direct.h"
#include "map_kinds.h"
#include "ownership_check.h"

#include <string>
#include <vector>

namespace ferry {

// The pragma line that lower_omp.cc builds for LOOP, as the user would
// write it; SIMD says whether the loop keeps its `simd`.
std::string equivalent_pragma(const Kernel &kernel, const ParallelLoop &loop,
                              const LoopFacts &facts,
                              const std::vector<MapDecision> &maps, bool simd);

void explain_kernel(const Kernel &kernel, const KernelFacts &facts,
                    const std::vector<MapDecision> &maps, bool simd,
                    const std::vector<DirectEntry> &entries);

} // namespace ferry

#endif
