// SPDX-License-Identifier: GPL-3.0-or-later
// What an access of a kernel loop touches (loop_checker.h): every lvalue
// and pointer traced back to an element of a buffer at a byte offset (an
// affine expression of the loop variables when it can be), a variable
// private to the iteration, or something shared; through locals set once,
// std::array's accessors, pointers walked down a column by an inner loop,
// and pointer members of the iteration's structs set once to its arrays.
#include "loop_checker.h"

#include "tree_utils.h"

namespace ferry {

bool LoopChecker::is_parallel_var(tree decl) const {
  for (const LoopLevel &level : loop_.levels)
    if (level.var == decl)
      return true;
  return false;
}

// OFFSET (bytes from a buffer) as the subscript analysis reads it, with
// each integer local of the loop that is never assigned after its
// initialisation standing for that initialisation, as a `const` one does
// (`int base = i * m; y[base + j]`, as C codes write it).
AffineOffset LoopChecker::affine(tree offset) const {
  struct Substitute {
    const LoopChecker *checker;
    int depth;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *self = static_cast<Substitute *>(data);
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      tree var = *node;
      if (!VAR_P(var) || !INTEGRAL_TYPE_P(TREE_TYPE(var)) ||
          TREE_READONLY(var) || self->depth > 8)
        return NULL_TREE;
      if (tree definition = self->checker->single_definition(var)) {
        Substitute inner{self->checker, self->depth + 1};
        tree copy = unshare_expr(definition);
        cp_walk_tree(&copy, visit, &inner, nullptr);
        *node = fold_convert(TREE_TYPE(var), copy);
        *walk_subtrees = 0;
      }
      return NULL_TREE;
    }
  } substitute{this, 0};
  tree copy = unshare_expr(offset);
  cp_walk_tree(&copy, Substitute::visit, &substitute, nullptr);
  return affine_offset(copy, index_vars_, &unchanged_);
}

// A variable whose value never changes after its initialisation: a
// reference, or a local pointer never assigned again.
tree LoopChecker::single_definition(tree decl) const {
  if (!VAR_P(decl) || !private_vars_.count(decl))
    return NULL_TREE;
  tree definition = DECL_INITIAL(decl);
  if (!definition) {
    auto bound = bindings_.find(decl);
    definition = bound == bindings_.end() ? NULL_TREE : bound->second;
  }
  if (!definition || definition == error_mark_node)
    return NULL_TREE;
  if (TYPE_REF_P(TREE_TYPE(decl)) || !reassigned_.count(decl))
    return definition;
  return NULL_TREE;
}

namespace {

// TARGET BYTES further on, where it is an element at a known offset; BYTES
// NULL_TREE: at an offset no longer known.
AccessTarget shifted(AccessTarget target, tree bytes) {
  if (target.kind == AccessTarget::element && target.offset)
    target.offset = bytes ? fold_build2(PLUS_EXPR, sizetype, target.offset,
                                        fold_convert(sizetype, bytes))
                          : NULL_TREE;
  return target;
}

} // namespace

AccessTarget LoopChecker::trace_pointer(tree pointer, int depth) const {
  AccessTarget target;
  if (depth > 16)
    return target;
  pointer = strip_value_wrappers(pointer);
  switch (TREE_CODE(pointer)) {
  case PARM_DECL:
    if (const BufferParam *buffer = k_.buffer_for(pointer)) {
      target.kind = AccessTarget::element;
      target.buffer = buffer;
      target.offset = size_zero_node;
    }
    return target;
  case VAR_DECL:
    if (const BufferParam *buffer = k_.buffer_for(pointer)) {
      target.kind = AccessTarget::element;
      target.buffer = buffer;
      target.offset = size_zero_node;
      return target;
    }
    if (tree definition = single_definition(pointer))
      return trace_pointer(definition, depth + 1);
    if (auto walk = walks_.find(pointer); walk != walks_.end())
      return trace_pointer(walk->second, depth + 1);
    return target;
  case COMPONENT_REF:
    // Only into the iteration's own memory: the value was computed where
    // the member was set, with the variables of that moment.
    if (tree value = field_pointer(TREE_OPERAND(pointer, 0),
                                   TREE_OPERAND(pointer, 1))) {
      AccessTarget pointee = trace_pointer(value, depth + 1);
      if (pointee.kind == AccessTarget::private_var)
        return pointee;
    }
    return target;
  case POINTER_PLUS_EXPR:
    return shifted(trace_pointer(TREE_OPERAND(pointer, 0), depth + 1),
                   TREE_OPERAND(pointer, 1));
  case ADDR_EXPR:
    return classify(TREE_OPERAND(pointer, 0), depth + 1);
  case COMPOUND_EXPR: // (idx(i), x + idx(i)): a subscript with a call
    return trace_pointer(TREE_OPERAND(pointer, 1), depth + 1);
  case CALL_EXPR:
    // An element of a std::array is part of the array object.
    if (is_array_element_access(pointer))
      return trace_pointer(CALL_EXPR_ARG(pointer, 0), depth + 1);
    return target;
  default:
    return target;
  }
}

void LoopChecker::collect_field_pointers(tree body) {
  struct Search {
    LoopChecker *checker;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *self = static_cast<Search *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) == ADDR_EXPR) {
        tree object = strip_lvalue_wrappers(TREE_OPERAND(t, 0));
        if (VAR_P(object))
          self->checker->unfollowed_structs_.insert(object);
      } else if (TREE_CODE(t) == MODIFY_EXPR || TREE_CODE(t) == INIT_EXPR) {
        tree lvalue = strip_lvalue_wrappers(TREE_OPERAND(t, 0));
        if (VAR_P(lvalue) && RECORD_OR_UNION_TYPE_P(TREE_TYPE(lvalue)))
          self->checker->unfollowed_structs_.insert(lvalue);
        if (TREE_CODE(lvalue) == COMPONENT_REF &&
            POINTER_TYPE_P(TREE_TYPE(lvalue))) {
          tree object = strip_lvalue_wrappers(TREE_OPERAND(lvalue, 0));
          if (VAR_P(object)) {
            auto [slot, first] = self->checker->field_pointers_.emplace(
                std::make_pair(object, TREE_OPERAND(lvalue, 1)),
                TREE_OPERAND(t, 1));
            if (!first)
              slot->second = NULL_TREE;
          }
        }
      }
      return NULL_TREE;
    }
  } search{this};
  cp_walk_tree_without_duplicates(&body, Search::visit, &search);
}

tree LoopChecker::field_pointer(tree object, tree field) const {
  object = strip_lvalue_wrappers(object);
  if (!VAR_P(object) || !private_vars_.count(object) ||
      DECL_INITIAL(object) || TYPE_REF_P(TREE_TYPE(object)) ||
      unfollowed_structs_.count(object))
    return NULL_TREE;
  auto found = field_pointers_.find(std::make_pair(object, field));
  return found == field_pointers_.end() ? NULL_TREE : found->second;
}

// Whether CALL is one of std::array's element accessors (operator[], at,
// front, back, data), which return a reference or pointer into the
// object their first argument points to.
bool LoopChecker::is_array_element_access(tree call) {
  tree callee = callee_of(call);
  if (!callee || !DECL_NONSTATIC_MEMBER_FUNCTION_P(callee) ||
      call_expr_nargs(call) == 0 ||
      !is_std_template(DECL_CONTEXT(callee), "array"))
    return false;
  if (DECL_OVERLOADED_OPERATOR_IS(callee, ARRAY_REF))
    return true;
  for (const char *name : {"at", "front", "back", "data"})
    if (id_equal(DECL_NAME(callee), name))
      return true;
  return false;
}

AccessTarget LoopChecker::classify(tree lvalue, int depth) const {
  AccessTarget target;
  if (depth > 16)
    return target;
  lvalue = strip_lvalue_wrappers(lvalue);
  switch (TREE_CODE(lvalue)) {
  case INDIRECT_REF:
    return trace_pointer(TREE_OPERAND(lvalue, 0), depth + 1);
  case MEM_REF:
    return shifted(trace_pointer(TREE_OPERAND(lvalue, 0), depth + 1),
                   TREE_OPERAND(lvalue, 1));
  case ARRAY_REF: {
    target = classify(TREE_OPERAND(lvalue, 0), depth + 1);
    if (target.kind != AccessTarget::element)
      return target;
    tree element = TYPE_SIZE_UNIT(TREE_TYPE(lvalue));
    return shifted(
        target,
        element ? fold_build2(MULT_EXPR, sizetype,
                              fold_convert(sizetype, TREE_OPERAND(lvalue, 1)),
                              element)
                : NULL_TREE);
  }
  case COMPONENT_REF: {
    tree field = TREE_OPERAND(lvalue, 1);
    tree position =
        TREE_CODE(field) == FIELD_DECL ? byte_position(field) : NULL_TREE;
    return shifted(classify(TREE_OPERAND(lvalue, 0), depth + 1),
                   position && TREE_CODE(position) == INTEGER_CST ? position
                                                                  : NULL_TREE);
  }
  case VAR_DECL:
    target.decl = lvalue;
    if (TREE_STATIC(lvalue) || DECL_EXTERNAL(lvalue))
      target.kind = AccessTarget::global;
    else if (is_parallel_var(lvalue))
      target.kind = AccessTarget::loop_var;
    else if (TYPE_REF_P(TREE_TYPE(lvalue)))
      target.kind = AccessTarget::unknown;
    else if (private_vars_.count(lvalue))
      target.kind = AccessTarget::private_var;
    else
      target.kind = AccessTarget::shared_var;
    return target;
  case PARM_DECL:
  case RESULT_DECL:
    target.decl = lvalue;
    // A kernel's parameters are shared; a region's private clause may
    // name one of its function's.
    target.kind = private_vars_.count(lvalue) ? AccessTarget::private_var
                                              : AccessTarget::shared_var;
    return target;
  case COMPOUND_EXPR:
    return classify(TREE_OPERAND(lvalue, 1), depth + 1);
  case TARGET_EXPR:
    target.kind = AccessTarget::private_var;
    return target;
  default:
    return target;
  }
}

// `p += stride;` at the end of the body of an inner loop over K walks the
// pointer P down a column (a 3-D stencil's `c += xy`): in the body, before
// that statement, P is its initialisation plus (K - lower) strides.  Only
// a pointer of the iteration, initialised once, advanced by a stride the
// loop does not change, by that one statement, which nothing but other
// such statements follows.
void LoopChecker::find_walks(tree body, const IndexVariable &index) {
  std::vector<tree> statements;
  struct Flatten {
    static void add(tree t, std::vector<tree> *out) {
      if (TREE_CODE(t) == STATEMENT_LIST) {
        for (tree_stmt_iterator i = tsi_start(t); !tsi_end_p(i); tsi_next(&i))
          add(tsi_stmt(i), out);
      } else if (TREE_CODE(t) == BIND_EXPR) {
        add(BIND_EXPR_BODY(t), out);
      } else if (TREE_CODE(t) != DEBUG_BEGIN_STMT) {
        out->push_back(t);
      }
    }
  };
  Flatten::add(body, &statements);
  tree steps = fold_convert(sizetype, fold_build2(MINUS_EXPR,
                                                  TREE_TYPE(index.var),
                                                  index.var, index.lower));
  for (auto statement = statements.rbegin(); statement != statements.rend();
       ++statement) {
    tree pointer = NULL_TREE, stride = NULL_TREE;
    if (!pointer_step(*statement, &pointer, &stride) ||
        !VAR_P(pointer) || !private_vars_.count(pointer) ||
        !DECL_INITIAL(pointer) || TYPE_REF_P(TREE_TYPE(pointer)) ||
        declares(body, pointer) ||
        !affine(stride).affine || !affine(stride).terms.empty() ||
        assignments_in_loop(pointer) != 1)
      return;
    walks_[pointer] = fold_build2(
        POINTER_PLUS_EXPR, TREE_TYPE(pointer), DECL_INITIAL(pointer),
        fold_build2(MULT_EXPR, sizetype, steps,
                    fold_convert(sizetype, stride)));
  }
}

// Whether BODY declares DECL (then set again on every pass).
bool LoopChecker::declares(tree body, tree decl) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      return TREE_CODE(*node) == DECL_EXPR &&
                     DECL_EXPR_DECL(*node) == static_cast<tree>(data)
                 ? *node
                 : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, decl);
}

// Whether STATEMENT is `pointer += stride`, `pointer = pointer + stride`
// or `++pointer` (the front end's POINTER_PLUS_EXPR, stride in bytes).
bool LoopChecker::pointer_step(tree statement, tree *pointer, tree *stride) {
  statement = statement_expression(statement);
  if (!statement)
    return false;
  if (TREE_CODE(statement) == PREINCREMENT_EXPR ||
      TREE_CODE(statement) == POSTINCREMENT_EXPR) {
    *pointer = TREE_OPERAND(statement, 0);
    *stride = TREE_OPERAND(statement, 1);
    return POINTER_TYPE_P(TREE_TYPE(*pointer));
  }
  if (TREE_CODE(statement) != MODIFY_EXPR)
    return false;
  *pointer = TREE_OPERAND(statement, 0);
  tree value = strip_value_wrappers(TREE_OPERAND(statement, 1));
  if (TREE_CODE(value) != POINTER_PLUS_EXPR ||
      strip_value_wrappers(TREE_OPERAND(value, 0)) != *pointer)
    return false;
  *stride = TREE_OPERAND(value, 1);
  return POINTER_TYPE_P(TREE_TYPE(*pointer));
}

// How many statements of the parallel loop's body assign DECL or take its
// address.
int LoopChecker::assignments_in_loop(tree decl) const {
  struct Count {
    tree decl;
    int count;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *self = static_cast<Count *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      const tree_code code = TREE_CODE(t);
      if ((code == MODIFY_EXPR || code == INIT_EXPR ||
           code == PREINCREMENT_EXPR || code == POSTINCREMENT_EXPR ||
           code == PREDECREMENT_EXPR || code == POSTDECREMENT_EXPR ||
           code == ADDR_EXPR) &&
          strip_value_wrappers(TREE_OPERAND(t, 0)) == self->decl)
        ++self->count;
      return NULL_TREE;
    }
  } count{decl, 0};
  tree body = loop_.body;
  cp_walk_tree_without_duplicates(&body, Count::visit, &count);
  return count.count;
}

} // namespace ferry
