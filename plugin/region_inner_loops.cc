// SPDX-License-Identifier: GPL-3.0-or-later
// See region_inner_loops.h.
#include "region_inner_loops.h"

#include "tree_utils.h"

namespace ferry {

namespace {

// Whether clause C of a construct over VAR leaves a thread that runs the
// loop in order the program's answers.
bool clause_allows_order(tree c, tree var) {
  switch (OMP_CLAUSE_CODE(c)) {
  case OMP_CLAUSE_PRIVATE:
  case OMP_CLAUSE_LINEAR:
    // Of another variable, each lane's copy leaves the variable as it was.
    return OMP_CLAUSE_DECL(c) == var;
  case OMP_CLAUSE_SAFELEN:
  case OMP_CLAUSE_SIMDLEN:
  case OMP_CLAUSE_ORDER:
  case OMP_CLAUSE_ALIGNED:
  case OMP_CLAUSE_NONTEMPORAL:
    return true;
  case OMP_CLAUSE_BIND:
    return OMP_CLAUSE_BIND_KIND(c) == OMP_CLAUSE_BIND_THREAD;
  default:
    return false;
  }
}

// CONSTRUCT as the plain loop one thread runs, or NULL_TREE when it is not
// such a `simd` or `loop bind(thread)`.
tree loop_in_order(tree construct) {
  const tree_code code = TREE_CODE(construct);
  if (code != OMP_SIMD && code != OMP_LOOP)
    return NULL_TREE;
  tree init = OMP_FOR_INIT(construct);
  // The outer part of a combined construct has no loop of its own.
  if (!init || TREE_VEC_LENGTH(init) != 1)
    return NULL_TREE;
  init = TREE_VEC_ELT(init, 0);
  tree var = TREE_CODE(init) == MODIFY_EXPR ? TREE_OPERAND(init, 0) : NULL_TREE;
  if (!var || !VAR_P(var) || !INTEGRAL_TYPE_P(TREE_TYPE(var)))
    return NULL_TREE;
  bool binds_thread = code == OMP_SIMD;
  for (tree c = OMP_FOR_CLAUSES(construct); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (!clause_allows_order(c, var))
      return NULL_TREE;
    binds_thread |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_BIND;
  }
  // A `loop` without `bind` may bind to the team's threads.
  if (!binds_thread)
    return NULL_TREE;
  tree condition =
      tree_strip_any_location_wrapper(TREE_VEC_ELT(OMP_FOR_COND(construct), 0));
  const tree_code comparison = TREE_CODE(condition);
  if ((comparison != LT_EXPR && comparison != LE_EXPR) ||
      condition_variable(TREE_OPERAND(condition, 0)) != var ||
      mentions(TREE_OPERAND(condition, 1), var) ||
      constant_step(TREE_VEC_ELT(OMP_FOR_INCR(construct), 0), var) != 1)
    return NULL_TREE;
  tree type = TREE_TYPE(var);
  tree bound = fold_convert(type, TREE_OPERAND(condition, 1));
  if (comparison == LE_EXPR)
    bound = fold_build2(PLUS_EXPR, type, bound, build_one_cst(type));
  tree statements = alloc_stmt_list();
  if (OMP_FOR_PRE_BODY(construct))
    append_to_statement_list_force(OMP_FOR_PRE_BODY(construct), &statements);
  append_to_statement_list_force(
      counted_for(EXPR_LOCATION(construct), var, TREE_OPERAND(init, 1), bound,
                  build_one_cst(type), OMP_FOR_BODY(construct)),
      &statements);
  return statements;
}

tree replace(tree *node, int *walk_subtrees, void *data) {
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (tree loop = loop_in_order(t)) {
    static_cast<ReplacedConstructs *>(data)->emplace_back(node, t);
    *node = loop;
    return NULL_TREE;
  }
  // Inside any other construct a `simd` is that construct's business.
  if (is_non_atomic_construct(TREE_CODE(t)))
    *walk_subtrees = 0;
  return NULL_TREE;
}

} // namespace

void read_inner_loops_in_order(tree *body, ReplacedConstructs *replaced) {
  cp_walk_tree(body, replace, replaced, nullptr);
}

void restore_inner_loops(ReplacedConstructs *replaced) {
  for (auto k = replaced->rbegin(); k != replaced->rend(); ++k)
    *k->first = k->second;
  replaced->clear();
}

} // namespace ferry
