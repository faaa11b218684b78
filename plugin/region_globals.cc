// SPDX-License-Identifier: GPL-3.0-or-later
// See region_globals.h.
#include "region_globals.h"

#include "tree_utils.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace ferry {

namespace {

bool is_omp_construct(tree t) {
  switch (TREE_CODE(t)) {
  case OMP_TARGET:
  case OMP_TEAMS:
  case OMP_DISTRIBUTE:
  case OMP_PARALLEL:
  case OMP_FOR:
  case OMP_SIMD:
  case OMP_LOOP:
    return true;
  default:
    return false;
  }
}

// What the region does with the program's globals: those it reads as
// values (in order of first use), and those it must see as they are
// (written, address taken, named by a clause).
struct GlobalUses {
  std::vector<tree> read;
  std::set<tree> kept;
  bool default_none = false;
};

bool is_candidate(tree t) {
  if (!VAR_P(t) || !(TREE_STATIC(t) || DECL_EXTERNAL(t)) ||
      DECL_THREAD_LOCAL_P(t) || DECL_HAS_VALUE_EXPR_P(t) ||
      TREE_READONLY(t) || TREE_THIS_VOLATILE(t) ||
      lookup_attribute("omp declare target", DECL_ATTRIBUTES(t)) ||
      lookup_attribute("omp declare target link", DECL_ATTRIBUTES(t)))
    return false;
  tree type = TREE_TYPE(t);
  return INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type) ||
         (POINTER_TYPE_P(type) && !TYPE_REF_P(type) &&
          !FUNC_OR_METHOD_TYPE_P(TREE_TYPE(type)));
}

void note_clauses(tree clauses, GlobalUses *uses) {
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_DEFAULT:
      uses->default_none |=
          OMP_CLAUSE_DEFAULT_KIND(c) == OMP_CLAUSE_DEFAULT_NONE;
      break;
    case OMP_CLAUSE_DEFAULTMAP:
      uses->default_none = true; // the program says how globals map
      break;
    case OMP_CLAUSE_FIRSTPRIVATE:
      continue; // what the region does without it: replaced there too
    default:
      break;
    }
    struct Named {
      static tree visit(tree *node, int *walk_subtrees, void *data) {
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        else if (VAR_P(*node))
          static_cast<GlobalUses *>(data)->kept.insert(*node);
        return NULL_TREE;
      }
    };
    for (int i = 0; i < omp_clause_num_ops[OMP_CLAUSE_CODE(c)]; ++i)
      cp_walk_tree_without_duplicates(&OMP_CLAUSE_OPERAND(c, i), Named::visit,
                                      uses);
  }
}

// The variable TARGET, an lvalue, is based on when it names one directly
// (`g = ...`, `++g`, `g.field = ...`).
tree assigned_variable(tree target) {
  while (TREE_CODE(target) == COMPONENT_REF ||
         TREE_CODE(target) == ARRAY_REF || TREE_CODE(target) == NOP_EXPR ||
         TREE_CODE(target) == VIEW_CONVERT_EXPR)
    target = TREE_OPERAND(target, 0);
  target = tree_strip_any_location_wrapper(target);
  return VAR_P(target) ? target : NULL_TREE;
}

tree find_uses(tree *node, int *walk_subtrees, void *data) {
  auto *uses = static_cast<GlobalUses *>(data);
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (is_omp_construct(t))
    note_clauses(OMP_CLAUSES(t), uses);
  switch (TREE_CODE(t)) {
  case MODIFY_EXPR:
  case INIT_EXPR:
  case PREINCREMENT_EXPR:
  case PREDECREMENT_EXPR:
  case POSTINCREMENT_EXPR:
  case POSTDECREMENT_EXPR:
  case ADDR_EXPR:
    if (tree var = assigned_variable(TREE_OPERAND(t, 0)))
      uses->kept.insert(var);
    break;
  case VAR_DECL:
    if (is_candidate(t) &&
        std::find(uses->read.begin(), uses->read.end(), t) == uses->read.end())
      uses->read.push_back(t);
    break;
  default:
    break;
  }
  return NULL_TREE;
}

// Each use of a global in the walk's trees replaced; a shared subtree
// (a saved value) is walked once, a variable at every use.
struct Replacement {
  std::map<tree, tree> locals;
  std::set<tree> walked;
};

tree replace(tree *node, int *walk_subtrees, void *data) {
  auto *replacement = static_cast<Replacement *>(data);
  tree t = *node;
  if (TYPE_P(t) || (!DECL_P(t) && !replacement->walked.insert(t).second)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  auto found = replacement->locals.find(t);
  if (found != replacement->locals.end())
    *node = found->second;
  return NULL_TREE;
}

} // namespace

tree *copy_region_globals(tree fndecl, tree *target_slot) {
  tree target = *target_slot;
  GlobalUses uses;
  note_clauses(OMP_TARGET_CLAUSES(target), &uses);
  cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target), find_uses, &uses);
  if (uses.default_none)
    return target_slot;
  Replacement replacement;
  tree vars = NULL_TREE, statements = alloc_stmt_list();
  for (tree global : uses.read) {
    if (uses.kept.count(global))
      continue;
    // Named as the global, for the diagnostics and explanations.
    tree local = build_decl(EXPR_LOCATION(target), VAR_DECL,
                            DECL_NAME(global),
                            TYPE_MAIN_VARIANT(TREE_TYPE(global)));
    DECL_ARTIFICIAL(local) = 1;
    DECL_CONTEXT(local) = fndecl;
    TREE_USED(local) = 1;
    DECL_CHAIN(local) = vars;
    vars = local;
    replacement.locals[global] = local;
    append_to_statement_list_force(assign(local, global), &statements);
  }
  if (replacement.locals.empty())
    return target_slot;
  cp_walk_tree(&OMP_TARGET_BODY(target), replace, &replacement, nullptr);
  cp_walk_tree(&OMP_TARGET_CLAUSES(target), replace, &replacement, nullptr);
  append_to_statement_list_force(target, &statements);
  *target_slot = statement_block(statements, vars);
  return tsi_stmt_ptr(tsi_last(statements));
}

} // namespace ferry
