// SPDX-License-Identifier: GPL-3.0-or-later
// GCC 12 and nvptx SIMT: rewrites and checks that keep kernels correct
// inside `omp simd`.
//
// On nvptx, GCC runs `omp simd` loops as SIMT regions and moves the
// addressable locals of the loop into per-lane storage.  Locals that come in
// later, when a callee is inlined into the loop, are moved too, but an
// address of one that flows through a PHI is not rewritten: the lane then
// reads an uninitialised value (seen: y[i] = std::min(1.0, std::max(0.0,
// v)) inside a helper stored garbage) or the offload compiler crashes in
// make_decl_rtl (varasm.cc:1446).  std::min and friends return references,
// which is exactly that pattern.  So:
//   - calls of std::min, std::max and std::clamp on arithmetic values become
//     value selections (no addresses at all);
//   - the C++ front end's scalar temporaries become declared locals;
//   - any other address of a callee's own local is reported, and the kernel
//     is built without simd on the OpenMP path, as it is when its loop
//     declares an array, a struct or an address-taken local, or updates a
//     number narrower than 32 bits atomically.
#ifndef FERRY_PLUGIN_SIMT_SAFETY_H
#define FERRY_PLUGIN_SIMT_SAFETY_H

#include "gcc_compat.h"

namespace ferry {

// Whether CALL is std::min or std::max of two arguments (sets *IS_MAX).
bool is_std_min_or_max(tree call, bool *is_max);

// Replaces `std::min(a, b)`, `std::max(a, b)` and `std::clamp(v, lo, hi)` on
// arithmetic types in *BODY by value selections with the same semantics.
void select_values_instead_of_references(tree *body);

// Turns the scalar temporaries of the C++ front end in BODY (TARGET_EXPRs,
// such as the 0.0 that std::max(0.0, x) binds to a reference) into locals
// declared in a block around BODY, which it returns.
tree declare_scalar_temporaries(tree body);

// The first local declared in BODY that lives in memory: an array, a
// struct, a variable whose address is taken, or the temporary that holds
// a struct a call returns.  In an `omp simd` loop GCC 12 moves such
// locals into per-lane storage on nvptx and gets it wrong (a wrong sum
// for a local std::array, a misaligned address for a local array reached
// by pointer, 63,463 of 65,536 wrong energies in miniBUDE's fasten_main at
// 8 poses per work item; the struct of `lookup(grid, e).total` returned
// into one slot of the warp's frame for all 32 lanes, 87 of 100 totals
// wrong), so the kernel's region is built without simd.  NULL_TREE if
// none.
tree memory_local(tree body);

// Whether an atomic update of TYPE is a loop of compare-and-swaps on the
// 32-bit word around it, on nvptx: a number narrower than 32 bits.
bool is_narrow_atomic_type(tree type);

// The first `omp atomic` construct in BODY (the program's own, in a region
// ferry runs as a kernel) on an integer narrower than 32 bits: on nvptx a
// loop of compare-and-swaps on its word, which lanes of one warp
// updating different words never leave inside `omp simd` (an H100,
// twenty-fourth session), so the kernel's region is built without simd.
// NULL_TREE if none.
tree narrow_atomic(tree body);

// The first local (variable, parameter or temporary) of FNDECL whose address
// FNDECL takes, other than as the object of a member call; NULL_TREE if
// none.  *LOCATION is where.
tree local_whose_address_is_taken(tree fndecl, location_t *location);

} // namespace ferry

#endif
