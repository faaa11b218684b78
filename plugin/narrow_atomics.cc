// SPDX-License-Identifier: GPL-3.0-or-later
// See narrow_atomics.h.
#include "narrow_atomics.h"

#include "direct_header.h"
#include "reductions.h"
#include "simt_safety.h"

#include <utility>

namespace ferry {

namespace {

// Whether the low bits of X OP V do not depend on the bits above them,
// so that T's update is the same in int.
bool low_bits_only(tree_code op) {
  switch (op) {
  case NOP_EXPR: // a store
  case PLUS_EXPR:
  case MINUS_EXPR:
  case MULT_EXPR:
  case BIT_AND_EXPR:
  case BIT_IOR_EXPR:
  case BIT_XOR_EXPR:
    return true;
  default:
    return false;
  }
}

// Whether READ is the atomic's read of *ADDRESS, converted.
bool reads_target(tree read, tree address) {
  while (CONVERT_EXPR_P(read))
    read = TREE_OPERAND(read, 0);
  return TREE_CODE(read) == INDIRECT_REF &&
         operand_equal_p(TREE_OPERAND(read, 0), address, 0);
}

tree in_words(tree *node, int *walk_subtrees, void *) {
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (TREE_CODE(t) != OMP_ATOMIC)
    return NULL_TREE;
  *walk_subtrees = 0;
  tree address = TREE_OPERAND(t, 0);
  if (!POINTER_TYPE_P(TREE_TYPE(address)) ||
      !is_narrow_integer(TREE_TYPE(TREE_TYPE(address))))
    return NULL_TREE;
  tree update = TREE_OPERAND(t, 1);
  if (!CONVERT_EXPR_P(update))
    return NULL_TREE;
  update = TREE_OPERAND(update, 0);
  if (!BINARY_CLASS_P(update) || !low_bits_only(TREE_CODE(update)) ||
      !INTEGRAL_TYPE_P(TREE_TYPE(update)))
    return NULL_TREE;
  tree read = TREE_OPERAND(update, 0), value = TREE_OPERAND(update, 1);
  if (!reads_target(read, address)) {
    if (!commutative_tree_code(TREE_CODE(update)) ||
        !reads_target(value, address))
      return NULL_TREE;
    std::swap(read, value);
  }
  *node = atomic_update(EXPR_LOCATION(t), TREE_CODE(update),
                        build_fold_indirect_ref(address), value,
                        OMP_ATOMIC_MEMORY_ORDER(t));
  return NULL_TREE;
}

} // namespace

bool is_narrow_integer(tree type) {
  return is_narrow_atomic_type(type) && INTEGRAL_TYPE_P(type) &&
         TREE_CODE(type) != BOOLEAN_TYPE;
}

tree atomic_update(location_t where, tree_code op, tree target, tree value,
                   omp_memory_order order) {
  // Relaxed, as the word's compare-and-swap is (an atomic construct's
  // default); one that asks for more order keeps GCC's construct.
  if (is_narrow_integer(TREE_TYPE(target)) && op != NOP_EXPR &&
      low_bits_only(op) && order == OMP_MEMORY_ORDER_RELAXED)
    if (const char *helper = atomic_device_helper(op)) {
      tree call =
          call_direct_helper(helper, {build_fold_addr_expr(target), value});
      if (call != error_mark_node)
        return call;
    }
  tree statements = push_stmt_list();
  finish_omp_atomic(where, OMP_ATOMIC, op, target, value, NULL_TREE,
                    NULL_TREE, NULL_TREE, NULL_TREE, NULL_TREE, order, false);
  return pop_stmt_list(statements);
}

void narrow_atomics_in_words(tree *body) {
  cp_walk_tree_without_duplicates(body, in_words, nullptr);
}

} // namespace ferry
