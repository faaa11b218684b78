// SPDX-License-Identifier: GPL-3.0-or-later
// The program's own OpenMP target loops, checked with OpenMP's meaning.
//
// A `#pragma omp target teams distribute parallel for` (or `target
// parallel for`, `target teams loop`, `target simd`, with or without
// `simd`, or `target` around one of them) in any function is read into the
// model a [[ferry::kernel]] would have (kernel_model.h): a pointer mapped
// with an array section is a buffer whose ownership its map kind gives
// (`to`: borrow, `from`: out, `tofrom`: borrow_mut, `alloc`: scratch); a
// pointer the loop uses without a map is a buffer the loop may read and
// write; the variables of the private, firstprivate, lastprivate, linear
// and reduction clauses belong to each iteration.  The checker of
// ownership_check.h then reports, as warnings at their lines, the mistakes
// that OpenMP's meaning makes certain:
//   - a write to a section mapped `to`, which the host never sees;
//   - a read of a section mapped `from` or `alloc` before the iteration
//     wrote it: device memory the program never set;
//   - a section mapped `from` that the loop never writes;
//   - one element, or one shared variable, written by every iteration;
//   - an update of a shared variable without its reduction clause;
//   - a section that ends before the loop's accesses do.
// A section an enclosing `target data` region of the same function maps
// is already on the device, so its map copies nothing and its kind
// contradicts nothing.  What ferry only cannot show is no warning: the
// pragma is the program's promise.  -fplugin-arg-ferry-explain says, for
// every region, whether and how it was checked.
//
// A region shown right, with no mistake, goes on to region_lowering.h,
// which may replace it by a call of a ferry kernel outlined from it; so
// does one whose only doubt is whether each iteration touches its own
// elements, which the pragma promises (Kernel::promised).
//
// Input: a function at PLUGIN_PRE_GENERICIZE.  Output: diagnostics, and the
// regions ferry runs as kernels replaced; the others are compiled as GCC
// compiles them.
#ifndef FERRY_PLUGIN_OPENMP_REGIONS_H
#define FERRY_PLUGIN_OPENMP_REGIONS_H

#include "gcc_compat.h"
#include "region_lowering.h"

namespace ferry {

struct RegionCheckOptions {
  bool errors = false;
  bool explain = false;
  // Lowers the kernels outlined from the regions shown right; empty under
  // -fplugin-arg-ferry-openmp-as-written, when every region keeps GCC's path.
  KernelLowering lower;
};

// Checks every target loop of FNDECL, a function that is not a kernel and
// whose body the front end accepted.
void check_openmp_regions(tree fndecl, const RegionCheckOptions &options);

// Whether a target region of FNDECL calls, directly or through the bodies
// it can see, a function without a body yet: one defined further down the
// unit, which GCC's OpenMP accepts, and which the check needs to read.
bool region_calls_undefined(tree fndecl);

} // namespace ferry

#endif
