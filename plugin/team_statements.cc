// SPDX-License-Identifier: GPL-3.0-or-later
// See team_statements.h.
#include "team_statements.h"

#include "device_functions.h"
#include "tree_utils.h"

namespace ferry {

namespace {

// The calls a function's body makes that team_statement_effects follows.
constexpr int kMostCallDepth = 4;

// Whether CALL writes no memory: a `const` or `pure` function, the C
// library's maths (sqrtf, expf: no pointer to write through, errno
// aside, which the device has not), or a function whose visible body
// stores only to its own automatic variables and calls only such
// functions (std::max, a port's typeToFloat), DEPTH calls deep at most.
bool calls_without_effects(tree call, int depth) {
  tree callee = callee_of(call);
  if (!callee)
    return false;
  if (TREE_READONLY(callee) || DECL_PURE_P(callee))
    return true;
  if (fndecl_built_in_p(callee, BUILT_IN_NORMAL) ||
      device_library_function(callee)) {
    for (tree arg = TYPE_ARG_TYPES(TREE_TYPE(callee));
         arg && arg != void_list_node; arg = TREE_CHAIN(arg))
      if (POINTER_TYPE_P(TREE_VALUE(arg)))
        return false;
    return true;
  }
  tree body = depth > 0 ? visible_body(callee) : NULL_TREE;
  if (!body)
    return false;
  struct Search {
    tree function;
    int depth;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) == CALL_EXPR)
        return calls_without_effects(t, search->depth - 1) ? NULL_TREE : t;
      if (TREE_CODE(t) == ASM_EXPR || TREE_CODE(t) == OMP_ATOMIC ||
          writes_atomically(t))
        return t;
      if (store_of(TREE_CODE(t)) == Store::none)
        return NULL_TREE;
      tree target = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
      // A member or element of the function's own struct or array.
      while (TREE_CODE(target) == COMPONENT_REF ||
             TREE_CODE(target) == ARRAY_REF)
        target = tree_strip_any_location_wrapper(TREE_OPERAND(target, 0));
      const bool own =
          TREE_CODE(target) == RESULT_DECL ||
          ((VAR_P(target) || TREE_CODE(target) == PARM_DECL) &&
           !TREE_STATIC(target) && !DECL_EXTERNAL(target) &&
           DECL_CONTEXT(target) == search->function);
      return own ? NULL_TREE : t;
    }
  } search{callee, depth};
  return !cp_walk_tree_without_duplicates(&body, Search::visit, &search);
}

tree visit_effects(tree *node, int *walk_subtrees, void *data) {
  auto *effects = static_cast<TeamStatementEffects *>(data);
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case RETURN_EXPR:
  case GOTO_EXPR:
  case BREAK_STMT:
  case CONTINUE_STMT:
    effects->jumps = true;
    return NULL_TREE;
  case CALL_EXPR:
    if (!calls_without_effects(t, kMostCallDepth) && !effects->memory)
      effects->memory = t;
    return NULL_TREE;
  case ASM_EXPR:
    if (!effects->memory)
      effects->memory = t;
    return NULL_TREE;
  default:
    break;
  }
  if (TREE_CODE(t) == OMP_ATOMIC || writes_atomically(t)) {
    if (!effects->memory)
      effects->memory = t;
    return NULL_TREE;
  }
  if (store_of(TREE_CODE(t)) == Store::none && TREE_CODE(t) != ADDR_EXPR)
    return NULL_TREE;
  // The object stored to (or whose address is taken): a variable, or
  // memory.
  tree target = TREE_OPERAND(t, 0);
  bool through_memory = false;
  for (;;) {
    target = tree_strip_any_location_wrapper(target);
    if (TREE_CODE(target) == COMPONENT_REF ||
        TREE_CODE(target) == REALPART_EXPR ||
        TREE_CODE(target) == IMAGPART_EXPR ||
        TREE_CODE(target) == VIEW_CONVERT_EXPR ||
        TREE_CODE(target) == NON_LVALUE_EXPR || CONVERT_EXPR_P(target)) {
      target = TREE_OPERAND(target, 0);
    } else if (TREE_CODE(target) == ARRAY_REF) {
      through_memory = true;
      target = TREE_OPERAND(target, 0);
    } else {
      break;
    }
  }
  const bool variable = (VAR_P(target) || TREE_CODE(target) == PARM_DECL) &&
                        !TREE_STATIC(target) && !DECL_EXTERNAL(target);
  const bool scalar = variable && !through_memory &&
                      TREE_CODE(TREE_TYPE(target)) != ARRAY_TYPE;
  if (scalar)
    effects->variables.insert(target);
  // An address taken writes nothing itself; a scalar's may be written
  // through, and counts as set.
  else if (TREE_CODE(t) != ADDR_EXPR && !effects->memory)
    effects->memory = t;
  return NULL_TREE;
}

} // namespace

TeamStatementEffects team_statement_effects(tree code) {
  TeamStatementEffects effects;
  cp_walk_tree_without_duplicates(&code, visit_effects, &effects);
  return effects;
}

} // namespace ferry
