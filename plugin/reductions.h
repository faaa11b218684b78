// SPDX-License-Identifier: GPL-3.0-or-later
// Reductions and atomic updates: which updates of a loop body are one, and
// the one table of their operators that every stage uses.
//
// Input: an assignment or increment of a loop body (C++ front-end trees)
// and the variable or element it updates.  Output: its operator and the
// operand it combines.  ownership_check.cc decides where the forms apply
// and reports what is wrong; explain.cc, lower_omp.cc and lower_direct.cc
// read the operator's spelling, identity and device helpers from here.
#ifndef FERRY_PLUGIN_REDUCTIONS_H
#define FERRY_PLUGIN_REDUCTIONS_H

#include "gcc_compat.h"
#include "kernel_model.h"

namespace ferry {

// A kernel local updated by every iteration with one associative operation:
// `s += e`, `s *= e`, `s &= e`, `s |= e`, `s ^= e`, `s = std::min(s, e)`,
// `s = e < s ? e : s` and the like.
struct Reduction {
  tree var = NULL_TREE;
  tree_code op = PLUS_EXPR; // PLUS, MULT, BIT_AND, BIT_IOR, BIT_XOR, MIN, MAX
  location_t location = UNKNOWN_LOCATION;
};

// A statement that updates a shared_mut element, to be made atomic.
struct AtomicUpdate {
  const BufferParam *buffer = nullptr;
  tree *statement = nullptr; // its slot in the loop body
  tree target = NULL_TREE;   // the element
  tree_code op = NOP_EXPR;   // NOP_EXPR: a plain store (atomic write)
  tree value = NULL_TREE;
  location_t location = UNKNOWN_LOCATION;
};

// T without location wrappers, conversions and `*&` (how an lvalue `?:`
// refers to its operands).
tree bare(tree t);

// Whether CALL is fmin(a, b) or fmax(a, b), of any floating type (C's or
// <cmath>'s), and *IS_MAX which.
bool is_fmin_or_fmax(tree call, bool *is_max);

// Whether UPDATE (an assignment or increment) is a reduction into VAR; if
// so, *OP is its operator and *OPERAND what it combines into VAR
// (NULL_TREE for ++ and --; for `s += f()` the TARGET_EXPR that evaluates
// f() first).  An operand that mentions VAR is no reduction.
// *KEEPS_ACCUMULATOR says whether a min or max form keeps VAR whenever its
// comparison is false (`s = std::min(s, e)`, `s = e < s ? e : s`), as a
// parallel reduction can: then a NaN that VAR holds stays, a NaN operand
// is skipped, and of equal values (-0.0 and 0.0) the earlier stays.  The
// other forms (`s = std::min(e, s)`) take the operand then, so that their
// result with NaNs depends on the order of the iterations, and so do
// `s = fmin(s, e)` and `s = fmin(e, s)`, which take E when S is a NaN.
bool match_reduction(tree update, tree var, tree_code *op, tree *operand,
                     bool *keeps_accumulator);

// UPDATE of the element LVALUE as an atomic operation: *OP and *VALUE for
// `x op= v`, `x = x op v`, `x = v op x` (commutative ops) and ++/--;
// NOP_EXPR and the stored value for any other store.
void match_atomic_update(tree update, tree lvalue, tree_code *op, tree *value);

// "+", "*", "min", ...: a reduction operator as OpenMP's clause spells it.
const char *reduction_name(tree_code op);

// The <ferry/direct.hpp> function that combines a thread's partial result
// of reduction OP into the launch's ("reduce_plus", ...).
const char *reduction_device_helper(tree_code op);

// The value each thread's copy of a reduction variable of TYPE starts from.
tree reduction_identity(tree_code op, tree type);

// The <ferry/direct.hpp> function that performs atomic update OP
// ("atomic_plus", ...); nullptr when OP has none (NOP_EXPR: a store).
const char *atomic_device_helper(tree_code op);

// The same update returning the value the element held before, for an
// atomic capture ("atomic_fetch_plus", "atomic_times", ...).
const char *atomic_capture_helper(tree_code op);

} // namespace ferry

#endif
