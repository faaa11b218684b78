// SPDX-License-Identifier: GPL-3.0-or-later
// Short conditional values in device code become selects
// (device_selects.cc).
//
// Input: the GIMPLE of every function compiled for the offload targets
// (`omp declare target`: kernels' helpers, direct entries, OpenMP regions),
// after early inlining.  Output: each `x = c ? a : b` that GCC's gimplifier
// made a branch (a diamond or a triangle whose arms compute a few values,
// none of which can trap, read memory or have side effects) computed
// without one: the arms' statements run unconditionally before the test,
// and each value the join picks is a COND_EXPR, which the nvptx back end
// emits as `selp`.
//
// Why: a docking score's per-pose terms are selects (`zone1 ? 1 : coeff`,
// `type_e ? -|e| : e`).  nvcc predicates them; GCC keeps them as branches,
// and later passes move the arithmetic into the arms, where the nvptx back
// end's if-conversion no longer applies.  ncu on the H200 counted 164 M
// branch instructions (973 divergent) in ferry's entry against nvcc's 12.5
// M (doc/performance.md, "Unrolled pose loops, packed atoms").  Without
// -ffast-math floating-point arithmetic may trap (-ftrapping-math), so only
// the choice between values computed anyway becomes a select.
#ifndef FERRY_PLUGIN_DEVICE_SELECTS_H
#define FERRY_PLUGIN_DEVICE_SELECTS_H

#include "gcc_compat.h"

namespace ferry {

// The most statements an arm may hold: both arms run, whatever the test.
constexpr unsigned kMaxSpeculatedStatements = 6;

opt_pass *make_device_selects_pass(::gcc::context *context);

} // namespace ferry

#endif
