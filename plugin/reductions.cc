// SPDX-License-Identifier: GPL-3.0-or-later
// See reductions.h.
#include "reductions.h"

#include "simt_safety.h"
#include "tree_utils.h"

#include <cstring>

namespace ferry {

namespace {

struct ReductionOperator {
  tree_code code;
  const char *name;          // as a reduction clause spells it
  const char *device_helper; // in <ferry/direct.hpp>
  bool compound;             // written `s OP= e`
};

const ReductionOperator kReductionOperators[] = {
    {PLUS_EXPR, "+", "reduce_plus", true},
    {MULT_EXPR, "*", "reduce_times", true},
    {BIT_AND_EXPR, "&", "reduce_and", true},
    {BIT_IOR_EXPR, "|", "reduce_or", true},
    {BIT_XOR_EXPR, "^", "reduce_xor", true},
    {MIN_EXPR, "min", "reduce_min", false},
    {MAX_EXPR, "max", "reduce_max", false},
};

const ReductionOperator *reduction_operator(tree_code code) {
  for (const ReductionOperator &op : kReductionOperators)
    if (op.code == code)
      return &op;
  return nullptr;
}

struct AtomicOperator {
  tree_code code;
  const char *device_helper;  // in <ferry/direct.hpp>
  const char *capture_helper; // the same, returning the old value
};

const AtomicOperator kAtomicOperators[] = {
    {PLUS_EXPR, "atomic_plus", "atomic_fetch_plus"},
    {MINUS_EXPR, "atomic_minus", "atomic_fetch_minus"},
    {MULT_EXPR, "atomic_times", "atomic_times"},
    {TRUNC_DIV_EXPR, "atomic_divide", "atomic_divide"},
    {RDIV_EXPR, "atomic_divide", "atomic_divide"},
    {BIT_AND_EXPR, "atomic_and", "atomic_and"},
    {BIT_IOR_EXPR, "atomic_or", "atomic_or"},
    {BIT_XOR_EXPR, "atomic_xor", "atomic_xor"},
    {LSHIFT_EXPR, "atomic_shift_left", "atomic_shift_left"},
    {RSHIFT_EXPR, "atomic_shift_right", "atomic_shift_right"},
};

// Whether the reference argument ARG refers to VAR.
bool refers_to(tree argument, tree var) {
  argument = bare(argument);
  return TREE_CODE(argument) == ADDR_EXPR &&
         bare(TREE_OPERAND(argument, 0)) == var;
}

// `s = e < s ? e : s` and its relatives: the other operand, with *OP set
// to MIN_EXPR or MAX_EXPR and *KEEPS whether VAR is the branch taken when
// the comparison is false; NULL_TREE for any other conditional.
tree selection_operand(tree value, tree var, tree_code *op, bool *keeps) {
  tree test = bare(TREE_OPERAND(value, 0));
  const tree_code code = TREE_CODE(test);
  if (code != LT_EXPR && code != LE_EXPR && code != GT_EXPR && code != GE_EXPR)
    return NULL_TREE;
  tree p = bare(TREE_OPERAND(test, 0)), q = bare(TREE_OPERAND(test, 1));
  tree chosen = bare(TREE_OPERAND(value, 1));
  tree other = bare(TREE_OPERAND(value, 2));
  const bool less = code == LT_EXPR || code == LE_EXPR;
  bool picks_first;
  if (cp_tree_equal(chosen, p) && cp_tree_equal(other, q))
    picks_first = true;
  else if (cp_tree_equal(chosen, q) && cp_tree_equal(other, p))
    picks_first = false;
  else
    return NULL_TREE;
  // `p < q ? p : q` is the minimum; swapping the branches or the
  // comparison turns it into the maximum.
  *op = (less == picks_first) ? MIN_EXPR : MAX_EXPR;
  *keeps = other == var;
  if (p == var)
    return TREE_OPERAND(test, 1);
  if (q == var)
    return TREE_OPERAND(test, 0);
  return NULL_TREE;
}

// The operand that VALUE, the right-hand side of `VAR = VALUE`, combines
// into VAR, with *OP and *KEEPS (see match_reduction); NULL_TREE if VALUE
// is no reduction form.
tree combined_operand(tree value, tree var, tree_code *op, bool *keeps) {
  const ReductionOperator *compound = reduction_operator(TREE_CODE(value));
  if (compound && compound->compound) {
    *op = compound->code;
    if (bare(TREE_OPERAND(value, 0)) == var)
      return TREE_OPERAND(value, 1);
    if (bare(TREE_OPERAND(value, 1)) == var)
      return TREE_OPERAND(value, 0);
    return NULL_TREE;
  }
  switch (TREE_CODE(value)) {
  case MINUS_EXPR: // s -= e is s += -e
    *op = PLUS_EXPR;
    return bare(TREE_OPERAND(value, 0)) == var ? TREE_OPERAND(value, 1)
                                               : NULL_TREE;
  case INDIRECT_REF: {
    tree call = bare(TREE_OPERAND(value, 0));
    bool is_max = false;
    if (!is_std_min_or_max(call, &is_max))
      return NULL_TREE;
    *op = is_max ? MAX_EXPR : MIN_EXPR;
    // std::min(a, b) is `b < a ? b : a`: it keeps A unless B is less.
    tree a = CALL_EXPR_ARG(call, 0), b = CALL_EXPR_ARG(call, 1);
    *keeps = refers_to(a, var);
    if (refers_to(a, var))
      return b;
    if (refers_to(b, var))
      return a;
    return NULL_TREE;
  }
  case COND_EXPR:
    return selection_operand(value, var, op, keeps);
  case CALL_EXPR: {
    bool is_max = false;
    if (!is_fmin_or_fmax(value, &is_max))
      return NULL_TREE;
    *op = is_max ? MAX_EXPR : MIN_EXPR;
    // fmin(s, e) takes E when S is a NaN: it keeps no accumulator.
    *keeps = false;
    tree a = CALL_EXPR_ARG(value, 0), b = CALL_EXPR_ARG(value, 1);
    if (bare(a) == var)
      return b;
    if (bare(b) == var)
      return a;
    return NULL_TREE;
  }
  default:
    return NULL_TREE;
  }
}

bool is_increment(tree t) {
  return TREE_CODE(t) == PREINCREMENT_EXPR ||
         TREE_CODE(t) == POSTINCREMENT_EXPR ||
         TREE_CODE(t) == PREDECREMENT_EXPR ||
         TREE_CODE(t) == POSTDECREMENT_EXPR;
}

} // namespace

bool is_fmin_or_fmax(tree call, bool *is_max) {
  if (TREE_CODE(call) != CALL_EXPR || call_expr_nargs(call) != 2)
    return false;
  tree callee = callee_of(call);
  if (!callee || !DECL_NAME(callee))
    return false;
  if (fndecl_built_in_p(callee, BUILT_IN_NORMAL))
    switch (DECL_FUNCTION_CODE(callee)) {
    CASE_FLT_FN(BUILT_IN_FMIN):
      *is_max = false;
      return true;
    CASE_FLT_FN(BUILT_IN_FMAX):
      *is_max = true;
      return true;
    default:
      return false;
    }
  // <cmath>'s overloads for float and long double, which call the builtins.
  if (!decl_in_std_namespace_p(callee))
    return false;
  const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
  *is_max = std::strcmp(name, "fmax") == 0;
  return *is_max || std::strcmp(name, "fmin") == 0;
}

tree bare(tree t) {
  for (;;) {
    t = strip_lvalue_wrappers(t);
    if (CONVERT_EXPR_P(t) || TREE_CODE(t) == NON_LVALUE_EXPR)
      t = TREE_OPERAND(t, 0);
    else if (TREE_CODE(t) == INDIRECT_REF &&
             TREE_CODE(strip_value_wrappers(TREE_OPERAND(t, 0))) == ADDR_EXPR)
      t = TREE_OPERAND(strip_value_wrappers(TREE_OPERAND(t, 0)), 0);
    else
      return t;
  }
}

bool match_reduction(tree update, tree var, tree_code *op, tree *operand,
                     bool *keeps_accumulator) {
  *operand = NULL_TREE;
  *keeps_accumulator = true;
  if (is_increment(update)) {
    *op = PLUS_EXPR;
    return true;
  }
  if (TREE_CODE(update) != MODIFY_EXPR)
    return false;
  tree value = bare(TREE_OPERAND(update, 1));
  // `s += e` with a call in e evaluates e first into a temporary:
  // s = (TARGET_EXPR <t, e>, s + t).
  tree evaluated_first = NULL_TREE;
  if (TREE_CODE(value) == COMPOUND_EXPR &&
      TREE_CODE(TREE_OPERAND(value, 0)) == TARGET_EXPR) {
    evaluated_first = TREE_OPERAND(value, 0);
    value = bare(TREE_OPERAND(value, 1));
  }
  tree combined = combined_operand(value, var, op, keeps_accumulator);
  if (evaluated_first && combined &&
      bare(combined) == TARGET_EXPR_SLOT(evaluated_first))
    combined = evaluated_first;
  if (!combined || mentions(combined, var))
    return false;
  *operand = combined;
  return true;
}

void match_atomic_update(tree update, tree lvalue, tree_code *op, tree *value) {
  if (is_increment(update)) {
    *op = (TREE_CODE(update) == PREINCREMENT_EXPR ||
           TREE_CODE(update) == POSTINCREMENT_EXPR)
              ? PLUS_EXPR
              : MINUS_EXPR;
    *value = build_one_cst(TREE_TYPE(lvalue));
    return;
  }
  tree combined = bare(TREE_OPERAND(update, 1));
  const tree_code code = TREE_CODE(combined);
  const bool atomic = atomic_device_helper(code) != nullptr;
  if (atomic && cp_tree_equal(bare(TREE_OPERAND(combined, 0)), lvalue)) {
    *op = code;
    *value = TREE_OPERAND(combined, 1);
  } else if (atomic && commutative_tree_code(code) &&
             cp_tree_equal(bare(TREE_OPERAND(combined, 1)), lvalue)) {
    *op = code;
    *value = TREE_OPERAND(combined, 0);
  } else {
    *op = NOP_EXPR;
    *value = TREE_OPERAND(update, 1);
  }
}

const char *reduction_name(tree_code op) {
  const ReductionOperator *known = reduction_operator(op);
  return known ? known->name : "?";
}

const char *reduction_device_helper(tree_code op) {
  const ReductionOperator *known = reduction_operator(op);
  return known ? known->device_helper : nullptr;
}

tree reduction_identity(tree_code op, tree type) {
  const bool real = SCALAR_FLOAT_TYPE_P(type);
  REAL_VALUE_TYPE infinity;
  real_inf(&infinity);
  switch (op) {
  case MULT_EXPR:
    return build_one_cst(type);
  case BIT_AND_EXPR:
    return build_minus_one_cst(type);
  case MIN_EXPR:
    return real ? build_real(type, infinity) : TYPE_MAX_VALUE(type);
  case MAX_EXPR:
    return real ? build_real(type, real_value_negate(&infinity))
                : TYPE_MIN_VALUE(type);
  default:
    return build_zero_cst(type);
  }
}

const char *atomic_device_helper(tree_code op) {
  for (const AtomicOperator &atomic : kAtomicOperators)
    if (atomic.code == op)
      return atomic.device_helper;
  return nullptr;
}

const char *atomic_capture_helper(tree_code op) {
  for (const AtomicOperator &atomic : kAtomicOperators)
    if (atomic.code == op)
      return atomic.capture_helper;
  return nullptr;
}

} // namespace ferry
