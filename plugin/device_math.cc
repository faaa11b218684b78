// SPDX-License-Identifier: GPL-3.0-or-later
// Square roots in device entries without the errno check.  Under
// -fmath-errno (GCC's default) a call of sqrtf is compiled as `x >= 0 ?
// sqrt.rn(x) : sqrtf(x)`, the call there only to set errno for a
// negative x: on the GPU a compare and a branch in every iteration, and a
// second copy of the loop's tail (nbody's force loop: 3.62 ms a step
// with it, 3.26 ms without, on an H100).  A device's errno is the
// device's own, which the host never reads, so in ferry's entries the
// square root is the instruction itself (the internal function .SQRT, as
// the call's fast arm is), with the same value for every x; a body that
// reads errno keeps the calls.  The program's functions, on the host and
// on GCC's path, are not changed.
#include "device_math.h"

#include "tree_utils.h"

namespace ferry {

namespace {

// The floating-point type whose square root CALL takes: sqrt's, sqrtf's,
// or std::sqrt's for float or double; NULL_TREE for any other call.
tree square_root_type(tree call) {
  tree callee = callee_of(call);
  if (!callee || call_expr_nargs(call) != 1)
    return NULL_TREE;
  if (fndecl_built_in_p(callee, BUILT_IN_SQRT) ||
      fndecl_built_in_p(callee, BUILT_IN_SQRTF))
    return TREE_TYPE(TREE_TYPE(callee));
  tree type = TREE_TYPE(TREE_TYPE(callee));
  if (DECL_NAME(callee) && id_equal(DECL_NAME(callee), "sqrt") &&
      decl_in_std_namespace_p(callee) &&
      (TYPE_MAIN_VARIANT(type) == float_type_node ||
       TYPE_MAIN_VARIANT(type) == double_type_node))
    return type;
  return NULL_TREE;
}

bool reads_errno(tree body) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      tree callee = TREE_CODE(*node) == CALL_EXPR ? callee_of(*node) : NULL_TREE;
      return callee && DECL_NAME(callee) &&
                     (id_equal(DECL_NAME(callee), "__errno_location") ||
                      id_equal(DECL_NAME(callee), "__errno"))
                 ? *node
                 : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, nullptr);
}

} // namespace

void square_roots_without_errno(tree *body) {
  if (reads_errno(*body))
    return;
  struct Replace {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(*node) != CALL_EXPR)
        return NULL_TREE;
      tree type = square_root_type(*node);
      // The host compiles the entry too: only where it has the
      // instruction as well.
      if (type && direct_internal_fn_supported_p(IFN_SQRT, type,
                                                 OPTIMIZE_FOR_BOTH))
        *node = build_call_expr_internal_loc(EXPR_LOCATION(*node), IFN_SQRT,
                                             type, 1, CALL_EXPR_ARG(*node, 0));
      return NULL_TREE;
    }
  };
  cp_walk_tree(body, Replace::visit, nullptr, nullptr);
}

} // namespace ferry
