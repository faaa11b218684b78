// SPDX-License-Identifier: GPL-3.0-or-later
// See simt_safety.h.
#include "simt_safety.h"

#include "tree_utils.h"

#include <cstring>

namespace ferry {

namespace {

enum class Selection { none, min, max, clamp };

// std::min(a, b), std::max(a, b) or std::clamp(v, lo, hi) on references to
// one arithmetic type.
Selection selection_call(tree call, tree *element_type) {
  if (TREE_CODE(call) != CALL_EXPR)
    return Selection::none;
  tree callee = callee_of(call);
  if (!callee || !DECL_NAME(callee) || !decl_in_std_namespace_p(callee))
    return Selection::none;
  const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
  Selection kind = std::strcmp(name, "min") == 0     ? Selection::min
                   : std::strcmp(name, "max") == 0   ? Selection::max
                   : std::strcmp(name, "clamp") == 0 ? Selection::clamp
                                                     : Selection::none;
  const int expected = kind == Selection::clamp ? 3 : 2;
  if (kind == Selection::none || call_expr_nargs(call) != expected)
    return Selection::none;
  tree type = NULL_TREE;
  for (int i = 0; i < expected; ++i) {
    tree argument_type = TREE_TYPE(CALL_EXPR_ARG(call, i));
    if (!INDIRECT_TYPE_P(argument_type))
      return Selection::none;
    tree pointee = TYPE_MAIN_VARIANT(TREE_TYPE(argument_type));
    if (!ARITHMETIC_TYPE_P(pointee) || (type && pointee != type))
      return Selection::none;
    type = pointee;
  }
  *element_type = type;
  return kind;
}

tree strip_nops_and_wrappers(tree t);
tree selection_value(Selection kind, tree call, tree type);

// The value a reference argument refers to, without taking an address: a
// nested selection gives its value, `&object` gives the object.
tree argument_value(tree reference, tree type) {
  tree stripped = strip_nops_and_wrappers(reference);
  tree nested_type = NULL_TREE;
  Selection nested = selection_call(stripped, &nested_type);
  tree value;
  if (nested != Selection::none && nested_type == type)
    value = selection_value(nested, stripped, type);
  else if (TREE_CODE(stripped) == ADDR_EXPR)
    value = TREE_OPERAND(stripped, 0);
  else
    value = build1(INDIRECT_REF, TREE_TYPE(TREE_TYPE(reference)), reference);
  return save_expr(fold_convert(type, value));
}

// The comparisons of <algorithm>: min returns b only if b < a, max returns
// b only if a < b, clamp(v, lo, hi) is v < lo ? lo : hi < v ? hi : v.
tree selection_value(Selection kind, tree call, tree type) {
  tree a = argument_value(CALL_EXPR_ARG(call, 0), type);
  tree b = argument_value(CALL_EXPR_ARG(call, 1), type);
  auto less = [](tree x, tree y) {
    return fold_build2(LT_EXPR, boolean_type_node, x, y);
  };
  switch (kind) {
  case Selection::min:
    return fold_build3(COND_EXPR, type, less(b, a), b, a);
  case Selection::max:
    return fold_build3(COND_EXPR, type, less(a, b), b, a);
  case Selection::clamp: {
    tree hi = argument_value(CALL_EXPR_ARG(call, 2), type);
    return fold_build3(COND_EXPR, type, less(a, b), b,
                       fold_build3(COND_EXPR, type, less(hi, a), hi, a));
  }
  case Selection::none:
    break;
  }
  return NULL_TREE;
}

tree strip_nops_and_wrappers(tree t) {
  for (;;) {
    t = tree_strip_any_location_wrapper(t);
    if (CONVERT_EXPR_P(t) || TREE_CODE(t) == NON_LVALUE_EXPR)
      t = TREE_OPERAND(t, 0);
    else
      return t;
  }
}

} // namespace

bool is_std_min_or_max(tree call, bool *is_max) {
  tree type = NULL_TREE;
  Selection kind = selection_call(call, &type);
  *is_max = kind == Selection::max;
  return kind == Selection::min || kind == Selection::max;
}

void select_values_instead_of_references(tree *body) {
  struct Rewrite {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      // The address of the result is taken (a reference binds to it): the
      // call has to stay.
      if (TREE_CODE(t) == ADDR_EXPR &&
          TREE_CODE(strip_nops_and_wrappers(TREE_OPERAND(t, 0))) ==
              INDIRECT_REF) {
        tree inner = strip_nops_and_wrappers(TREE_OPERAND(t, 0));
        cp_walk_tree_without_duplicates(&TREE_OPERAND(inner, 0), visit,
                                        nullptr);
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) != INDIRECT_REF)
        return NULL_TREE;
      tree call = strip_nops_and_wrappers(TREE_OPERAND(t, 0));
      tree type = NULL_TREE;
      Selection kind = selection_call(call, &type);
      if (kind == Selection::none)
        return NULL_TREE;
      // Arguments may hold further selections.
      for (int i = 0; i < call_expr_nargs(call); ++i)
        cp_walk_tree_without_duplicates(&CALL_EXPR_ARG(call, i), visit,
                                        nullptr);
      *node = fold_convert(TREE_TYPE(t), selection_value(kind, call, type));
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(body, Rewrite::visit, nullptr);
}

tree declare_scalar_temporaries(tree body) {
  struct Rewrite {
    tree vars = NULL_TREE;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      auto *rewrite = static_cast<Rewrite *>(data);
      if (writes_atomically(t) && declarable(TREE_OPERAND(t, 0))) {
        // The element's address, one TARGET_EXPR in the address and the
        // value: the local is set before the construct and named in both,
        // where the gimplifier tells the element's reads by it.
        tree temporary = TREE_OPERAND(t, 0);
        tree slot = rewrite->declare(temporary);
        cp_walk_tree(&TREE_OPERAND(t, 1), name_slot, temporary, nullptr);
        TREE_OPERAND(t, 0) = slot;
        cp_walk_tree(&TREE_OPERAND(t, 1), visit, data, nullptr);
        *node = build2(COMPOUND_EXPR, TREE_TYPE(t), initialization(temporary),
                       t);
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (!declarable(t))
        return NULL_TREE;
      tree slot = rewrite->declare(t);
      *node = build2(COMPOUND_EXPR, TREE_TYPE(t), initialization(t), slot);
      return NULL_TREE;
    }
    static bool declarable(tree t) {
      return TREE_CODE(t) == TARGET_EXPR && !TARGET_EXPR_CLEANUP(t) &&
             VAR_P(TARGET_EXPR_SLOT(t)) &&
             SCALAR_TYPE_P(TREE_TYPE(TARGET_EXPR_SLOT(t)));
    }
    tree declare(tree temporary) {
      tree slot = TARGET_EXPR_SLOT(temporary);
      DECL_CHAIN(slot) = vars;
      vars = slot;
      return slot;
    }
    static tree initialization(tree temporary) {
      tree slot = TARGET_EXPR_SLOT(temporary);
      tree init = build2(INIT_EXPR, TREE_TYPE(slot), slot,
                         TARGET_EXPR_INITIAL(temporary));
      TREE_SIDE_EFFECTS(init) = 1;
      return init;
    }
    static tree name_slot(tree *node, int *walk_subtrees, void *data) {
      tree temporary = static_cast<tree>(data);
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
      } else if (*node == temporary) {
        *node = TARGET_EXPR_SLOT(temporary);
        *walk_subtrees = 0;
      }
      return NULL_TREE;
    }
  } rewrite;
  cp_walk_tree_without_duplicates(&body, Rewrite::visit, &rewrite);
  return rewrite.vars ? statement_block(body, rewrite.vars) : body;
}

tree memory_local(tree body) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      // The struct a call returns (lookup(grid, e).total) lives in a
      // temporary of the loop, in memory.
      if (TREE_CODE(t) == TARGET_EXPR &&
          AGGREGATE_TYPE_P(TREE_TYPE(TARGET_EXPR_SLOT(t))))
        return TARGET_EXPR_SLOT(t);
      if ((TREE_CODE(t) == CALL_EXPR || TREE_CODE(t) == AGGR_INIT_EXPR) &&
          AGGREGATE_TYPE_P(TREE_TYPE(t)))
        return t;
      if (TREE_CODE(t) != DECL_EXPR || !VAR_P(DECL_EXPR_DECL(t)))
        return NULL_TREE;
      tree var = DECL_EXPR_DECL(t);
      if (TREE_STATIC(var) || DECL_EXTERNAL(var))
        return NULL_TREE;
      return AGGREGATE_TYPE_P(TREE_TYPE(var)) || TREE_ADDRESSABLE(var)
                 ? var
                 : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, nullptr);
}

bool is_narrow_atomic_type(tree type) {
  return (INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type)) &&
         TYPE_PRECISION(type) < 32;
}

tree narrow_atomic(tree body) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      switch (TREE_CODE(t)) {
      case OMP_ATOMIC:
      case OMP_ATOMIC_READ:
      case OMP_ATOMIC_CAPTURE_OLD:
      case OMP_ATOMIC_CAPTURE_NEW: {
        tree address = TREE_OPERAND(t, 0);
        return POINTER_TYPE_P(TREE_TYPE(address)) &&
                       is_narrow_atomic_type(TREE_TYPE(TREE_TYPE(address)))
                   ? t
                   : NULL_TREE;
      }
      default:
        return NULL_TREE;
      }
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, nullptr);
}

tree local_whose_address_is_taken(tree fndecl, location_t *location) {
  struct Search {
    tree fndecl;
    location_t where = UNKNOWN_LOCATION;
    tree found = NULL_TREE;

    bool is_own_local(tree base) const {
      if (TREE_CODE(base) == TARGET_EXPR)
        return true;
      return (VAR_P(base) || TREE_CODE(base) == PARM_DECL) &&
             DECL_CONTEXT(base) == fndecl && !TREE_STATIC(base) &&
             !DECL_EXTERNAL(base);
    }

    static tree base_of(tree t) {
      for (;;) {
        t = strip_nops_and_wrappers(t);
        if (TREE_CODE(t) == COMPONENT_REF || TREE_CODE(t) == ARRAY_REF ||
            TREE_CODE(t) == REALPART_EXPR || TREE_CODE(t) == IMAGPART_EXPR)
          t = TREE_OPERAND(t, 0);
        else if (TREE_CODE(t) == COMPOUND_EXPR)
          t = TREE_OPERAND(t, 1);
        else
          return t;
      }
    }

    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (!enter_located(t, walk_subtrees, &search->where))
        return NULL_TREE;
      // The object of a member call is passed by address, but nothing
      // selects between such addresses.
      if ((TREE_CODE(t) == CALL_EXPR || TREE_CODE(t) == AGGR_INIT_EXPR)) {
        tree callee = callee_of(t);
        int first = callee && DECL_NONSTATIC_MEMBER_FUNCTION_P(callee) ? 1 : 0;
        for (int i = 0; i < call_expr_nargs(t); ++i) {
          tree *argument = &CALL_EXPR_ARG(t, i);
          if (i < first &&
              TREE_CODE(strip_nops_and_wrappers(*argument)) == ADDR_EXPR) {
            tree object = TREE_OPERAND(strip_nops_and_wrappers(*argument), 0);
            if (tree hit =
                    cp_walk_tree_without_duplicates(&object, visit, data))
              return hit;
            continue;
          }
          if (tree hit = cp_walk_tree_without_duplicates(argument, visit, data))
            return hit;
        }
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) == ADDR_EXPR) {
        tree base = base_of(TREE_OPERAND(t, 0));
        if (search->is_own_local(base)) {
          search->found =
              TREE_CODE(base) == TARGET_EXPR ? TARGET_EXPR_SLOT(base) : base;
          return t;
        }
      }
      return NULL_TREE;
    }
  } search;
  search.fndecl = fndecl;
  search.where = DECL_SOURCE_LOCATION(fndecl);
  cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl), Search::visit,
                                  &search);
  *location = search.where;
  return search.found;
}

} // namespace ferry
