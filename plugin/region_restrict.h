// SPDX-License-Identifier: GPL-3.0-or-later
// Region restrict: the `restrict` of a kernel's proven buffers, carried into
// the host code that GCC outlines from its OpenMP region.
//
// GCC outlines a target region into functions (<kernel>._omp_fn.N) that
// load the kernel's pointers from a data block (.omp_data_i->y), so the
// `restrict` lower_omp.cc puts on the kernel's parameters never reaches the
// loop that runs on the host (libgomp's host fallback and ferry's test
// device).  This pass gives it back in GCC's own encoding of restrict.
//
// Input: the buffer parameters of each kernel lowered in this translation
// unit (note_region_buffers).  Output: after points-to analysis ("alias"),
// every memory reference of an outlined function that is based on one of
// those buffers carries dependence clique 1 and a base of its own per
// buffer (MR_DEPENDENCE_CLIQUE/BASE), which is what points-to analysis
// gives references through distinct restrict parameters.  References
// through different buffers then do not alias, which rules 1, 2 and 6
// guarantee: a written buffer overlaps no other argument.
#ifndef FERRY_PLUGIN_REGION_RESTRICT_H
#define FERRY_PLUGIN_REGION_RESTRICT_H

#include "gcc_compat.h"
#include "kernel_model.h"

namespace ferry {

// Remembers KERNEL's buffers for the functions outlined from its region.
void note_region_buffers(const Kernel &kernel);

// The GIMPLE pass; ferry_plugin.cc places an instance after each run of
// points-to analysis.
opt_pass *make_region_restrict_pass(::gcc::context *context);

} // namespace ferry

#endif
