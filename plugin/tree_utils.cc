// SPDX-License-Identifier: GPL-3.0-or-later
// See tree_utils.h.
#include "tree_utils.h"

#include <cstring>

#include <algorithm>
#include <string>

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

std::string name_of(tree decl) {
  return DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl)) : "?";
}

bool is_number_type(tree type) {
  return INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type);
}

bool is_atomic_word_type(tree type) {
  if (!is_number_type(type) || TREE_CODE(type) == BOOLEAN_TYPE ||
      !tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)))
    return false;
  const unsigned HOST_WIDE_INT size = tree_to_uhwi(TYPE_SIZE_UNIT(type));
  return size == 4 || size == 8;
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

tree strip_lvalue_wrappers(tree expression) {
  for (;;) {
    expression = tree_strip_any_location_wrapper(expression);
    // The parenthesized one, and the view of the same type the front end
    // puts inside it.
    if (TREE_CODE(expression) == VIEW_CONVERT_EXPR &&
        (REF_PARENTHESIZED_P(expression) ||
         TYPE_MAIN_VARIANT(TREE_TYPE(expression)) ==
             TYPE_MAIN_VARIANT(TREE_TYPE(TREE_OPERAND(expression, 0)))))
      expression = TREE_OPERAND(expression, 0);
    else
      return expression;
  }
}

void collect_assigned(tree *body, std::set<tree> *assigned) {
  struct Collect {
    static tree visit(tree *node, int *, void *data) {
      tree t = *node;
      // An initialization gives a variable the one value it keeps, which
      // leaves it as good as const.
      const Store store = store_of(TREE_CODE(t));
      if (store == Store::assignment || store == Store::increment ||
          TREE_CODE(t) == ADDR_EXPR) {
        tree target = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
        if (VAR_P(target) || TREE_CODE(target) == PARM_DECL)
          static_cast<std::set<tree> *>(data)->insert(target);
      }
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(body, Collect::visit, assigned);
}

tree callee_of(tree call) {
  tree callee = cp_get_callee_fndecl_nofold(call);
  if (!callee || DECL_SAVED_TREE(callee) || !DECL_CLONED_FUNCTION_P(callee))
    return callee;
  cgraph_node *node = cgraph_node::get(callee);
  if (node && node->alias && node->alias_target &&
      TREE_CODE(node->alias_target) == FUNCTION_DECL)
    return node->alias_target;
  return callee;
}

bool holds_pointers(tree type) {
  if (INDIRECT_TYPE_P(type))
    return true;
  if (TREE_CODE(type) == ARRAY_TYPE)
    return holds_pointers(TREE_TYPE(type));
  if (RECORD_OR_UNION_TYPE_P(type))
    for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field))
      if (TREE_CODE(field) == FIELD_DECL && holds_pointers(TREE_TYPE(field)))
        return true;
  return false;
}

tree strip_statement_wrappers(tree statement) {
  while (statement && (TREE_CODE(statement) == CLEANUP_POINT_EXPR ||
                       TREE_CODE(statement) == EXPR_STMT))
    statement = TREE_OPERAND(statement, 0);
  return statement;
}

tree statement_expression(tree statement) {
  statement = strip_statement_wrappers(statement);
  while (statement && CONVERT_EXPR_P(statement) &&
         VOID_TYPE_P(TREE_TYPE(statement)))
    statement = TREE_OPERAND(statement, 0);
  return statement ? tree_strip_any_location_wrapper(statement) : statement;
}

tree condition_variable(tree operand) {
  operand = tree_strip_any_location_wrapper(operand);
  while (CONVERT_EXPR_P(operand) &&
         INTEGRAL_TYPE_P(TREE_TYPE(TREE_OPERAND(operand, 0))))
    operand = tree_strip_any_location_wrapper(TREE_OPERAND(operand, 0));
  return operand;
}

HOST_WIDE_INT constant_step(tree increment, tree var) {
  increment = statement_expression(increment);
  if (!increment)
    return 0;
  // C as a step, when it is a constant that fits.
  auto step_of = [](tree c) -> HOST_WIDE_INT {
    return c && TREE_CODE(c) == INTEGER_CST && tree_fits_shwi_p(c)
               ? tree_to_shwi(c)
               : 0;
  };
  switch (TREE_CODE(increment)) {
  case PREINCREMENT_EXPR:
  case POSTINCREMENT_EXPR:
  case PREDECREMENT_EXPR:
  case POSTDECREMENT_EXPR: {
    if (tree_strip_any_location_wrapper(TREE_OPERAND(increment, 0)) != var ||
        !integer_onep(TREE_OPERAND(increment, 1)))
      return 0;
    const tree_code code = TREE_CODE(increment);
    return code == PREINCREMENT_EXPR || code == POSTINCREMENT_EXPR ? 1 : -1;
  }
  case MODIFY_EXPR: {
    if (tree_strip_any_location_wrapper(TREE_OPERAND(increment, 0)) != var)
      return 0;
    tree sum = tree_strip_any_location_wrapper(TREE_OPERAND(increment, 1));
    while (CONVERT_EXPR_P(sum))
      sum = tree_strip_any_location_wrapper(TREE_OPERAND(sum, 0));
    if (TREE_CODE(sum) != PLUS_EXPR && TREE_CODE(sum) != MINUS_EXPR)
      return 0;
    tree a = condition_variable(TREE_OPERAND(sum, 0));
    tree b = condition_variable(TREE_OPERAND(sum, 1));
    const int sign = TREE_CODE(sum) == PLUS_EXPR ? 1 : -1;
    if (a == var)
      return sign * step_of(b);
    if (sign == 1 && b == var)
      return step_of(a);
    return 0;
  }
  default:
    return 0;
  }
}

int unit_step(tree increment, tree var) {
  const HOST_WIDE_INT step = constant_step(increment, var);
  return step == 1 || step == -1 ? static_cast<int>(step) : 0;
}

bool counts_up_by_one(tree increment, tree var) {
  return unit_step(increment, var) == 1;
}

tree assign(tree var, tree value) {
  tree statement = build2(MODIFY_EXPR, TREE_TYPE(var), var,
                          fold_convert(TREE_TYPE(var), value));
  TREE_SIDE_EFFECTS(statement) = 1;
  return statement;
}

bool enter_located(tree t, int *walk_subtrees, location_t *where) {
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return false;
  }
  if (EXPR_P(t) && EXPR_HAS_LOCATION(t))
    *where = EXPR_LOCATION(t);
  return true;
}

Store store_of(tree_code code) {
  switch (code) {
  case MODIFY_EXPR:
    return Store::assignment;
  case INIT_EXPR:
    return Store::initialization;
  case PREINCREMENT_EXPR:
  case PREDECREMENT_EXPR:
  case POSTINCREMENT_EXPR:
  case POSTDECREMENT_EXPR:
    return Store::increment;
  default:
    return Store::none;
  }
}

tree chained_local(location_t where, tree fndecl, const char *name, tree type,
                   tree *vars) {
  tree var = build_decl(where, VAR_DECL, get_identifier(name), type);
  DECL_ARTIFICIAL(var) = 1;
  DECL_CONTEXT(var) = fndecl;
  TREE_USED(var) = 1;
  DECL_CHAIN(var) = *vars;
  *vars = var;
  return var;
}

tree counted_for(location_t where, tree var, tree start, tree bound, tree step,
                 tree body) {
  return build_stmt(where, FOR_STMT, assign(var, start),
                    build2(LT_EXPR, boolean_type_node, var, bound),
                    assign(var, build2(PLUS_EXPR, TREE_TYPE(var), var, step)),
                    statement_block(body, NULL_TREE), NULL_TREE);
}

tree unrollable_for(location_t where, tree var, tree start, tree bound,
                    tree step, tree body, int unroll, tree trips,
                    tree counter) {
  tree type = TREE_TYPE(trips);
  tree statements = alloc_stmt_list();
  append_to_statement_list_force(assign(var, start), &statements);
  // The iterations after the first, (BOUND - START - 1) / STEP.
  tree span = fold_build2(MINUS_EXPR, type,
                          fold_build2(MINUS_EXPR, type, fold_convert(type, bound),
                                      fold_convert(type, var)),
                          build_one_cst(type));
  tree step_value = fold_convert(type, step);
  tree narrow = unsigned_type_node;
  tree narrow_max = fold_convert(type, TYPE_MAX_VALUE(narrow));
  tree fits = fold_build2(TRUTH_ANDIF_EXPR, boolean_type_node,
                          fold_build2(LE_EXPR, boolean_type_node, span,
                                      narrow_max),
                          fold_build2(LE_EXPR, boolean_type_node, step_value,
                                      narrow_max));
  tree quotient = fold_build3(
      COND_EXPR, type, fits,
      fold_convert(type, fold_build2(TRUNC_DIV_EXPR, narrow,
                                     fold_convert(narrow, span),
                                     fold_convert(narrow, step_value))),
      fold_build2(TRUNC_DIV_EXPR, type, span, step_value));
  append_to_statement_list_force(
      assign(trips,
             fold_build3(COND_EXPR, type,
                         fold_build2(LT_EXPR, boolean_type_node, var,
                                     fold_convert(TREE_TYPE(var), bound)),
                         fold_build2(PLUS_EXPR, type, quotient,
                                     build_one_cst(type)),
                         build_zero_cst(type))),
      &statements);
  tree condition = build2(LT_EXPR, boolean_type_node, counter, trips);
  if (unroll > 1)
    condition = build3(ANNOTATE_EXPR, boolean_type_node, condition,
                       build_int_cst(integer_type_node, annot_expr_unroll_kind),
                       build_int_cst(integer_type_node, unroll));
  tree increments = build2(
      COMPOUND_EXPR, void_type_node,
      assign(counter, build2(PLUS_EXPR, TREE_TYPE(counter), counter,
                             build_one_cst(TREE_TYPE(counter)))),
      assign(var, build2(PLUS_EXPR, TREE_TYPE(var), var, step)));
  append_to_statement_list_force(
      build_stmt(where, FOR_STMT,
                 assign(counter, build_zero_cst(TREE_TYPE(counter))),
                 condition, increments, statement_block(body, NULL_TREE),
                 NULL_TREE),
      &statements);
  return statements;
}

tree statement_block(tree body, tree vars) {
  tree block = make_node(BLOCK);
  BLOCK_VARS(block) = vars;
  tree bind = build3(BIND_EXPR, void_type_node, vars, body, block);
  TREE_SIDE_EFFECTS(bind) = 1;
  return bind;
}

namespace {

void relink_blocks(tree *statement, tree parent) {
  struct Walk {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) != BIND_EXPR)
        return NULL_TREE;
      tree parent = static_cast<tree>(data);
      tree block = BIND_EXPR_BLOCK(t);
      if (block) {
        BLOCK_SUPERCONTEXT(block) = parent;
        BLOCK_SUBBLOCKS(block) = NULL_TREE;
        BLOCK_CHAIN(block) = NULL_TREE;
        tree *last = &BLOCK_SUBBLOCKS(parent); // keep source order
        while (*last)
          last = &BLOCK_CHAIN(*last);
        *last = block;
        parent = block;
      }
      relink_blocks(&BIND_EXPR_BODY(t), parent);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(statement, Walk::visit, parent);
}

} // namespace

bool member_path(tree record, const char *name, std::vector<tree> *fields) {
  for (tree field = TYPE_FIELDS(record); field; field = DECL_CHAIN(field)) {
    if (TREE_CODE(field) != FIELD_DECL)
      continue;
    fields->push_back(field);
    if (DECL_FIELD_IS_BASE(field)) {
      if (member_path(TREE_TYPE(field), name, fields))
        return true;
    } else if (DECL_NAME(field) && id_equal(DECL_NAME(field), name)) {
      return true;
    }
    fields->pop_back();
  }
  return false;
}

tree template_argument(tree type, int index) {
  tree args =
      INNERMOST_TEMPLATE_ARGS(CLASSTYPE_TI_ARGS(TYPE_MAIN_VARIANT(type)));
  return index < TREE_VEC_LENGTH(args) ? TREE_VEC_ELT(args, index) : NULL_TREE;
}

bool is_std_template(tree type, const char *name) {
  if (!type || !TYPE_P(type))
    return false;
  type = TYPE_MAIN_VARIANT(type);
  if (!CLASS_TYPE_P(type) || !CLASSTYPE_TEMPLATE_INFO(type))
    return false;
  tree tmpl = CLASSTYPE_TI_TEMPLATE(type);
  return DECL_NAME(tmpl) && decl_in_std_namespace_p(tmpl) &&
         id_equal(DECL_NAME(tmpl), name);
}

tree *function_statements(tree fndecl) {
  tree *body = &DECL_SAVED_TREE(fndecl);
  if (TREE_CODE(*body) == BIND_EXPR)
    body = &BIND_EXPR_BODY(*body);
  return body;
}

tree static_local(tree fndecl, const char *name, tree type, tree attributes) {
  tree var =
      build_decl(DECL_SOURCE_LOCATION(fndecl), VAR_DECL, get_identifier(name),
                 type);
  DECL_ATTRIBUTES(var) = attributes;
  TREE_STATIC(var) = 1;
  DECL_ARTIFICIAL(var) = 1;
  DECL_CONTEXT(var) = fndecl;
  TREE_USED(var) = 1;
  TREE_ADDRESSABLE(var) = 1;
  // A local symbol of its own: the C++ mangling of a local static wants
  // the front end's discriminators, which an artificial one lacks.
  const std::string symbol =
      std::string(name) + "." + std::to_string(DECL_UID(var));
  SET_DECL_ASSEMBLER_NAME(var, get_identifier(symbol.c_str()));
  varpool_node::finalize_decl(var);
  return var;
}

tree guarded_block(tree prologue, tree body, tree cleanup) {
  tree block = NULL_TREE;
  append_to_statement_list_force(prologue, &block);
  append_to_statement_list_force(
      build2(TRY_FINALLY_EXPR, void_type_node, body, cleanup), &block);
  return block;
}

void rebuild_blocks(tree fndecl) {
  tree outer = DECL_SAVED_TREE(fndecl);
  if (!outer || TREE_CODE(outer) != BIND_EXPR || !BIND_EXPR_BLOCK(outer))
    return;
  tree root = BIND_EXPR_BLOCK(outer);
  BLOCK_SUBBLOCKS(root) = NULL_TREE;
  relink_blocks(&BIND_EXPR_BODY(outer), root);
}

void collect_declared(tree statements, std::set<tree> *declared) {
  struct Collect {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *declared = static_cast<std::set<tree> *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
      } else if (TREE_CODE(t) == DECL_EXPR) {
        declared->insert(DECL_EXPR_DECL(t));
      } else if (TREE_CODE(t) == BIND_EXPR) {
        for (tree var = BIND_EXPR_VARS(t); var; var = DECL_CHAIN(var))
          declared->insert(var);
      } else if (TREE_CODE(t) == TARGET_EXPR) {
        declared->insert(TARGET_EXPR_SLOT(t));
      }
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(&statements, Collect::visit, declared);
}

void collect_named(tree expression, std::vector<tree> *named) {
  struct Collect {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *named = static_cast<std::vector<tree> *>(data);
      tree t = *node;
      if (TYPE_P(t))
        *walk_subtrees = 0;
      else if ((VAR_P(t) || TREE_CODE(t) == PARM_DECL) &&
               std::find(named->begin(), named->end(), t) == named->end())
        named->push_back(t);
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(&expression, Collect::visit, named);
}

tree section_length(tree bytes, tree element_size) {
  tree product = strip_value_wrappers(bytes);
  if (TREE_CODE(product) == MULT_EXPR &&
      tree_int_cst_equal(TREE_OPERAND(product, 1), element_size))
    return fold_convert(sizetype, strip_value_wrappers(TREE_OPERAND(product, 0)));
  return fold_build2(TRUNC_DIV_EXPR, sizetype, fold_convert(sizetype, bytes),
                     element_size);
}

bool is_non_atomic_construct(tree_code code) {
  return code >= OACC_PARALLEL && code <= OMP_ATOMIC_CAPTURE_NEW &&
         code != OMP_ATOMIC && code != OMP_ATOMIC_READ &&
         code != OMP_ATOMIC_CAPTURE_OLD && code != OMP_ATOMIC_CAPTURE_NEW;
}

bool inside_openmp_construct(tree body, tree node) {
  struct Search {
    static tree holds(tree *at, int *walk_subtrees, void *node) {
      if (TYPE_P(*at))
        *walk_subtrees = 0;
      return *at == node ? *at : NULL_TREE;
    }
    static tree visit(tree *at, int *walk_subtrees, void *node) {
      tree t = *at;
      if (TYPE_P(t) || t == node) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) == OMP_TARGET_DATA ||
          !is_non_atomic_construct(TREE_CODE(t)))
        return NULL_TREE;
      *walk_subtrees = 0;
      return cp_walk_tree_without_duplicates(at, holds, node);
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, node) !=
         NULL_TREE;
}

bool writes_atomically(tree t) {
  return TREE_CODE(t) == OMP_ATOMIC || TREE_CODE(t) == OMP_ATOMIC_CAPTURE_OLD ||
         TREE_CODE(t) == OMP_ATOMIC_CAPTURE_NEW;
}

void reshare_atomic_addresses(tree body) {
  struct Reshare {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
      } else if (writes_atomically(t) &&
                 TREE_CODE(TREE_OPERAND(t, 0)) == TARGET_EXPR) {
        cp_walk_tree(&TREE_OPERAND(t, 1), use_address, TREE_OPERAND(t, 0),
                     nullptr);
        *walk_subtrees = 0;
      }
      return NULL_TREE;
    }
    // Each TARGET_EXPR of the address's temporary becomes the address.
    static tree use_address(tree *node, int *walk_subtrees, void *data) {
      tree address = static_cast<tree>(data);
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
      } else if (TREE_CODE(*node) == TARGET_EXPR &&
                 TARGET_EXPR_SLOT(*node) == TARGET_EXPR_SLOT(address)) {
        *node = address;
        *walk_subtrees = 0;
      }
      return NULL_TREE;
    }
  };
  cp_walk_tree_without_duplicates(&body, Reshare::visit, nullptr);
}

tree only_statement(tree statement) {
  while (statement) {
    if (TREE_CODE(statement) == BIND_EXPR) {
      statement = BIND_EXPR_BODY(statement);
      continue;
    }
    if (TREE_CODE(statement) != STATEMENT_LIST)
      return statement;
    tree only = NULL_TREE;
    for (tree_stmt_iterator i = tsi_start(statement); !tsi_end_p(i);
         tsi_next(&i)) {
      if (TREE_CODE(tsi_stmt(i)) == DEBUG_BEGIN_STMT)
        continue;
      if (only)
        return statement;
      only = tsi_stmt(i);
    }
    if (!only)
      return statement;
    statement = only;
  }
  return statement;
}

tree first_node_of(tree body, bool (*wanted)(tree_code)) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      auto wanted = *static_cast<bool (**)(tree_code)>(data);
      return wanted(TREE_CODE(*node)) ? *node : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&body, Search::visit, &wanted);
}

bool has_effects_beyond_saves(tree expr) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      tree t = *node;
      if (TYPE_P(t) || !TREE_SIDE_EFFECTS(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      // A SAVE_EXPR is marked for its own evaluation; what it saves is
      // walked next.  Other nodes are marked for their operands' effects,
      // but for these, which have their own.
      switch (TREE_CODE(t)) {
      case MODIFY_EXPR:
      case INIT_EXPR:
      case PREINCREMENT_EXPR:
      case PREDECREMENT_EXPR:
      case POSTINCREMENT_EXPR:
      case POSTDECREMENT_EXPR:
      case CALL_EXPR:
      case AGGR_INIT_EXPR:
      case TARGET_EXPR:
        return t;
      default:
        return TREE_THIS_VOLATILE(t) && !DECL_P(t) ? t : NULL_TREE;
      }
    }
  };
  return expr && cp_walk_tree_without_duplicates(&expr, Search::visit, nullptr);
}

FunctionCodeCopy::FunctionCodeCopy(tree from, tree to,
                                   hash_map<tree, tree> *map)
    : to_(to), map_(map) {
  std::memset(&id_, 0, sizeof id_);
  id_.src_fn = from;
  id_.dst_fn = to;
  id_.src_cfun = DECL_STRUCT_FUNCTION(from);
  id_.decl_map = map;
  id_.copy_decl = copy_decl_no_change;
  id_.transform_call_graph_edges = CB_CGE_DUPLICATE;
  id_.transform_parameter = true;
  id_.do_not_unshare = true;
  id_.do_not_fold = true;
}

tree FunctionCodeCopy::copy(tree code) {
  walk_tree(&code, copy_tree_body_r, &id_, nullptr);
  reshare_atomic_addresses(code);
  return code;
}

void FunctionCodeCopy::finish() {
  for (auto entry : *map_) {
    tree copy = entry.second;
    if (DECL_P(copy) && DECL_CONTEXT(copy) == to_) {
      DECL_ABSTRACT_ORIGIN(copy) = NULL_TREE;
      if (VAR_P(copy) && DECL_INITIAL(copy) &&
          !CONSTANT_CLASS_P(DECL_INITIAL(copy)))
        walk_tree(&DECL_INITIAL(copy), copy_tree_body_r, &id_, nullptr);
    } else if (TREE_CODE(copy) == BLOCK) {
      BLOCK_ABSTRACT_ORIGIN(copy) = NULL_TREE;
    }
  }
}

} // namespace ferry
