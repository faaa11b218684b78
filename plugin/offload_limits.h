// SPDX-License-Identifier: GPL-3.0-or-later
// What GCC 12's offload compilers cannot compile, or compile wrong, found
// before GCC sees it: each is a ferry error at its line that says what to
// write instead, where GCC would crash or fail at link time without one.
//
//   - variable-length arrays and alloca (an internal compiler error in
//     tree-ssa-sccvn at -O2, and no per-thread stack to put them on);
//   - floating-point types other than float and double (`long double` is
//     80 bits on the host and has no nvptx form; `_Float16` crashes lto1
//     inside mkoffload; `__float128` has no device form either);
//   - a lambda's closure as a kernel parameter (an internal compiler error
//     in gimplify_adjust_omp_clauses; a function object works);
//   - the C library's `assert` (the device libraries have no
//     `__assert_fail`: mkoffload's link fails on the unresolved symbol).
//
// and, in a kernel, what ferry cannot make of a parameter, said before
// the model would report an internal detail of it (a vtable pointer, a
// libstdc++ member): a virtual call, a `std::function` or a
// `std::vector<bool>` parameter, a range-based `for` over a parameter.
//
// Input: a kernel at PLUGIN_PRE_GENERICIZE, or a function it calls (either
// state of its body), or a program's own target region.  Types are looked
// for in the parameters, the declarations and every expression.  Output:
// errors; true when there were none.
#ifndef FERRY_PLUGIN_OFFLOAD_LIMITS_H
#define FERRY_PLUGIN_OFFLOAD_LIMITS_H

#include "gcc_compat.h"

namespace ferry {

// Whether FNDECL is the C library's assert, `__assert_fail` of glibc's
// <assert.h>, which the device libraries of GCC 12 do not have.
bool is_host_assert(tree fndecl);

// The error for an assert at WHERE, in WHAT ("this target region").
void refuse_assert(location_t where, const char *what);

// Checks FNDECL's parameters and body; KERNEL says whether FNDECL is the
// kernel itself rather than a function it calls.
bool check_offload_limits(tree fndecl, bool kernel);

// A program's own target region, REGION (an OMP_TARGET, on ferry's path
// or GCC's): the floating-point types GCC 12's offload compiler crashes on
// wherever they appear in a region, `_Float16` and `__float128` (lto1
// inside mkoffload; HeCBench's f16atomic), and `assert` (HeCBench's
// assert and moe).  `long double`, which GCC compiles for a region, is
// left to it, as is any region of a build without offloading
// (-foffload=disable).  One error, at the first use; true when there was
// none.
bool check_region_offload_limits(tree region);

} // namespace ferry

#endif
