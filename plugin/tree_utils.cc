// See tree_utils.h.
#include "tree_utils.h"

namespace ferry {

bool mentions(tree expression, tree decl) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      return *node == static_cast<tree>(data) ? *node : NULL_TREE;
    }
  };
  return expression &&
         cp_walk_tree_without_duplicates(&expression, Search::visit, decl);
}

location_t location_or(tree expression, location_t fallback) {
  location_t location = expression && EXPR_P(expression)
                            ? EXPR_LOCATION(expression)
                            : UNKNOWN_LOCATION;
  return location == UNKNOWN_LOCATION ? fallback : location;
}

tree strip_value_wrappers(tree expression) {
  for (;;) {
    expression = tree_strip_any_location_wrapper(expression);
    switch (TREE_CODE(expression)) {
    CASE_CONVERT:
    case NON_LVALUE_EXPR:
    case VIEW_CONVERT_EXPR:
    case SAVE_EXPR:
      expression = TREE_OPERAND(expression, 0);
      continue;
    default:
      return expression;
    }
  }
}

} // namespace ferry
