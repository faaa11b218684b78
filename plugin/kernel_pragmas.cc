// SPDX-License-Identifier: GPL-3.0-or-later
// See kernel_pragmas.h.
#include "kernel_pragmas.h"

#include "tree_utils.h"

namespace ferry {

namespace {

bool is_loop_construct(tree_code code) {
  return code == OMP_FOR || code == OMP_SIMD || code == OMP_DISTRIBUTE ||
         code == OMP_LOOP || code == OMP_TASKLOOP;
}

// The directive name of a construct a kernel cannot run, and what to
// write instead; nullptr for every other tree.
struct Refusal {
  const char *directive;
  const char *instead;
};

const char *const kRemove =
    "remove the pragma: each iteration of a kernel's loop is one GPU thread, "
    "and ferry builds the region around it";
const char *const kNoOrder =
    "the iterations of a kernel run in no order and cannot wait for one "
    "another: compute the value as a reduction (a scalar updated with "
    "%<+=%> or %<std::min%>), or into a %<shared_mut%> buffer";

bool refusal_of(tree t, Refusal *refusal) {
  switch (TREE_CODE(t)) {
  case OMP_PARALLEL:
    // `parallel for` is a loop construct (its loop becomes a plain one);
    // a bare `parallel` runs its block once per thread.
    if (OMP_PARALLEL_COMBINED(t))
      return false;
    *refusal = {"parallel", kRemove};
    return true;
  case OMP_TARGET:
  case OMP_TARGET_DATA:
  case OMP_TARGET_UPDATE:
  case OMP_TARGET_ENTER_DATA:
  case OMP_TARGET_EXIT_DATA:
    *refusal = {"target", "a kernel is already a target region and libferry "
                          "moves its data; remove the pragma, and call "
                          "%<ferry::prefetch%> or %<ferry::sync%> from host "
                          "code where you need to place data"};
    return true;
  case OMP_TEAMS:
    *refusal = {"teams", "set the teams of a kernel with "
                         "%<[[ferry::kernel(teams(N))]]%>, and remove the "
                         "pragma"};
    return true;
  case OMP_ATOMIC_READ:
  case OMP_ATOMIC_CAPTURE_OLD:
  case OMP_ATOMIC_CAPTURE_NEW:
    *refusal = {"atomic", "ferry keeps only atomic updates, of a "
                          "%<shared_mut%> buffer: write the update without "
                          "the pragma, or compute the value as a reduction"};
    return true;
  case OMP_CRITICAL:
    *refusal = {"critical", kNoOrder};
    return true;
  case OMP_ORDERED:
    *refusal = {"ordered", kNoOrder};
    return true;
  case OMP_SCAN:
    *refusal = {"scan", kNoOrder};
    return true;
  case OMP_SINGLE:
  case OMP_MASTER:
  case OMP_MASKED:
  case OMP_SCOPE:
  case OMP_SECTIONS:
  case OMP_SECTION:
  case OMP_TASK:
  case OMP_TASKGROUP:
    *refusal = {"single, master, sections or task",
                "move work that runs once out of the kernel's loops, into "
                "host code before or after the call"};
    return true;
  case CALL_EXPR: {
    tree callee = get_callee_fndecl(t);
    if (!callee || !fndecl_built_in_p(callee, BUILT_IN_NORMAL))
      return false;
    switch (DECL_FUNCTION_CODE(callee)) {
    case BUILT_IN_GOMP_BARRIER:
    case BUILT_IN_GOMP_TASKWAIT:
    case BUILT_IN_GOMP_TASKYIELD:
    case BUILT_IN_GOMP_CANCEL:
    case BUILT_IN_GOMP_CANCELLATION_POINT:
      *refusal = {"barrier, taskwait, taskyield or cancel", kNoOrder};
      return true;
    default:
      return false;
    }
  }
  default:
    return false;
  }
}

// `*ADDRESS = VALUE`, the plain form of an atomic update (the front end
// keeps the updated location as its address, and VALUE reads it again).
tree plain_update(tree atomic) {
  tree address = TREE_OPERAND(atomic, 0);
  tree target = build_fold_indirect_ref(address);
  return build2_loc(EXPR_LOCATION(atomic), MODIFY_EXPR, TREE_TYPE(target),
                    target, TREE_OPERAND(atomic, 1));
}

class Lowering {
public:
  Lowering(tree fndecl, bool genericized)
      : fndecl_(fndecl), genericized_(genericized) {}

  static tree visit(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<Lowering *>(data);
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    Refusal refusal;
    if (refusal_of(t, &refusal)) {
      self->refuse(t, refusal);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    const tree_code code = TREE_CODE(t);
    if (is_loop_construct(code))
      *node = self->plain_loops(t);
    else if (code == OMP_PARALLEL)
      *node = OMP_PARALLEL_BODY(t);
    else if (code == OMP_ATOMIC)
      *node = plain_update(t);
    // The walk goes on into what replaced the construct.
    return NULL_TREE;
  }

  bool ok() const { return ok_; }
  // Whether scopes moved, so that the BLOCK tree must follow.
  bool moved_scopes() const { return moved_scopes_; }

private:
  void refuse(tree construct, const Refusal &refusal) {
    location_t where = location_or(construct, DECL_SOURCE_LOCATION(fndecl_));
    auto_diagnostic_group group;
    // Only kernels are still front-end trees; their callees are GENERIC.
    if (genericized_)
      error_at(where, "%<#pragma omp %s%> inside %qD, which a kernel calls",
               refusal.directive, fndecl_);
    else
      error_at(where, "%<#pragma omp %s%> inside kernel %qD",
               refusal.directive, fndecl_);
    inform(where, refusal.instead);
    ok_ = false;
  }

  // The loops of a loop construct, outermost first, around its body; the
  // outer part of a combined construct (`parallel for simd`) has no loops
  // of its own and leaves its inner part.
  tree plain_loops(tree construct) {
    tree body = OMP_FOR_BODY(construct);
    tree init = OMP_FOR_INIT(construct);
    tree pre_body = OMP_FOR_PRE_BODY(construct);
    if (init)
      for (int level = TREE_VEC_LENGTH(init) - 1; level >= 0; --level)
        body = plain_loop(
            EXPR_LOCATION(construct), TREE_VEC_ELT(init, level),
            TREE_VEC_ELT(OMP_FOR_COND(construct), level),
            TREE_VEC_ELT(OMP_FOR_INCR(construct), level), body, &pre_body);
    if (!pre_body)
      return body;
    tree statements = alloc_stmt_list();
    append_to_statement_list_force(pre_body, &statements);
    append_to_statement_list_force(body, &statements);
    return statements;
  }

  tree plain_loop(location_t where, tree init, tree condition, tree increment,
                  tree body, tree *pre_body) {
    if (!genericized_)
      return front_end_loop(where, init, condition, increment, body,
                            pre_body);
    // GENERIC: `init; loop { if (!condition) break; body; increment; }`.
    // A `continue` in BODY is already a jump to its end.
    tree loop_body = alloc_stmt_list();
    append_to_statement_list_force(
        build1_loc(where, EXIT_EXPR, void_type_node,
                   invert_truthvalue_loc(where, condition)),
        &loop_body);
    append_to_statement_list_force(body, &loop_body);
    append_to_statement_list_force(increment, &loop_body);
    tree statements = alloc_stmt_list();
    append_to_statement_list_force(init, &statements);
    append_to_statement_list_force(
        build1_loc(where, LOOP_EXPR, void_type_node, loop_body), &statements);
    return statements;
  }

  // A front-end `for` as the parser makes it, which the kernel model reads
  // as any other: a variable the construct declares (in PRE_BODY) gets a
  // scope of its own holding its declaration, with the start value as its
  // initializer, and the loop.
  tree front_end_loop(location_t where, tree init, tree condition,
                      tree increment, tree body, tree *pre_body) {
    tree loop = build_stmt(where, FOR_STMT, NULL_TREE, NULL_TREE, NULL_TREE,
                           NULL_TREE, NULL_TREE);
    FOR_COND(loop) = condition;
    FOR_EXPR(loop) = increment;
    FOR_BODY(loop) = body;
    tree var = TREE_CODE(init) == MODIFY_EXPR ? TREE_OPERAND(init, 0) : NULL;
    tree declaration = var && VAR_P(var) && !DECL_INITIAL(var)
                           ? take_declaration(pre_body, var)
                           : NULL_TREE;
    if (!declaration) {
      FOR_INIT_STMT(loop) = build_stmt(where, EXPR_STMT, init);
      return loop;
    }
    DECL_INITIAL(var) = TREE_OPERAND(init, 1);
    undeclare(var);
    tree statements = alloc_stmt_list();
    append_to_statement_list_force(declaration, &statements);
    append_to_statement_list_force(loop, &statements);
    moved_scopes_ = true;
    return statement_block(statements, var);
  }

  // Removes VAR's DECL_EXPR from PRE_BODY and returns it; NULL_TREE when
  // PRE_BODY does not declare VAR.
  static tree take_declaration(tree *pre_body, tree var) {
    if (!*pre_body)
      return NULL_TREE;
    if (TREE_CODE(*pre_body) == DECL_EXPR) {
      if (DECL_EXPR_DECL(*pre_body) != var)
        return NULL_TREE;
      tree declaration = *pre_body;
      *pre_body = NULL_TREE;
      return declaration;
    }
    if (TREE_CODE(*pre_body) != STATEMENT_LIST)
      return NULL_TREE;
    for (tree_stmt_iterator i = tsi_start(*pre_body); !tsi_end_p(i);
         tsi_next(&i)) {
      tree statement = tsi_stmt(i);
      if (TREE_CODE(statement) == DECL_EXPR &&
          DECL_EXPR_DECL(statement) == var) {
        tsi_delink(&i);
        return statement;
      }
    }
    return NULL_TREE;
  }

  // Takes VAR out of the variables of the scope that declared it, which
  // its new scope declares instead.
  void undeclare(tree var) {
    struct Search {
      static tree visit(tree *node, int *walk_subtrees, void *data) {
        tree t = *node;
        if (TYPE_P(t)) {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
        if (TREE_CODE(t) != BIND_EXPR)
          return NULL_TREE;
        tree var = static_cast<tree>(data);
        tree block = BIND_EXPR_BLOCK(t);
        for (tree *link = &BIND_EXPR_VARS(t); *link;
             link = &DECL_CHAIN(*link))
          if (*link == var) {
            if (block && BLOCK_VARS(block) == var)
              BLOCK_VARS(block) = DECL_CHAIN(var);
            *link = DECL_CHAIN(var);
            DECL_CHAIN(var) = NULL_TREE;
            return t;
          }
        return NULL_TREE;
      }
    };
    cp_walk_tree(&DECL_SAVED_TREE(fndecl_), Search::visit, var, nullptr);
  }

  tree fndecl_;
  bool genericized_;
  bool ok_ = true;
  bool moved_scopes_ = false;
};

} // namespace

bool lower_kernel_pragmas(tree fndecl, bool genericized) {
  Lowering lowering(fndecl, genericized);
  cp_walk_tree(&DECL_SAVED_TREE(fndecl), Lowering::visit, &lowering, nullptr);
  if (lowering.moved_scopes())
    rebuild_blocks(fndecl);
  return lowering.ok();
}

} // namespace ferry
