// SPDX-License-Identifier: GPL-3.0-or-later
// See helper_effects.h.
#include "helper_effects.h"

#include "device_functions.h"
#include "tree_utils.h"

#include <map>
#include <utility>

namespace ferry {

namespace {

// A pointer or lvalue traced back to the parameter: whether it is rooted
// there, and at which byte offset when that is constant.
struct Rooted {
  bool rooted = false;
  bool constant = false;
  HOST_WIDE_INT offset = 0;

  // Shifts by MORE bytes; a non-constant MORE makes the offset unknown.
  void shift(tree more) {
    if (constant && more && tree_fits_shwi_p(more))
      offset += tree_to_shwi(more);
    else
      constant = false;
  }
};

HOST_WIDE_INT size_of(tree type) {
  tree size = TYPE_SIZE_UNIT(type);
  return size && tree_fits_shwi_p(size) ? tree_to_shwi(size) : -1;
}

class EffectsScanner {
public:
  EffectsScanner(tree fndecl, tree parameter, HelperEffects *effects, int depth)
      : fndecl_(fndecl), parameter_(parameter), effects_(effects),
        depth_(depth), where_(DECL_SOURCE_LOCATION(fndecl)) {}

  void scan(tree t) {
    if (!t || TYPE_P(t))
      return;
    if (EXPR_P(t) && EXPR_HAS_LOCATION(t))
      where_ = EXPR_LOCATION(t);
    switch (TREE_CODE(t)) {
    case PARM_DECL:
      // At the expression that uses the pointer, not the helper's first
      // line.
      if (t == parameter_)
        untracked(where_);
      return;
    case MODIFY_EXPR:
    case INIT_EXPR:
      lvalue(TREE_OPERAND(t, 0), /*write=*/true, /*read=*/false,
             location_or(t, UNKNOWN_LOCATION));
      scan(TREE_OPERAND(t, 1));
      return;
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      lvalue(TREE_OPERAND(t, 0), true, true, location_or(t, UNKNOWN_LOCATION));
      scan(TREE_OPERAND(t, 1));
      return;
    case INDIRECT_REF:
    case MEM_REF:
    case ARRAY_REF:
    case COMPONENT_REF:
      lvalue(t, false, true, location_or(t, UNKNOWN_LOCATION));
      return;
    case CALL_EXPR:
      call(t);
      return;
    case IF_STMT:
      scan(IF_COND(t));
      conditionally([&] {
        scan(THEN_CLAUSE(t));
        scan(ELSE_CLAUSE(t));
      });
      return;
    case COND_EXPR:
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      scan(TREE_OPERAND(t, 0));
      conditionally([&] {
        for (int i = 1; i < TREE_OPERAND_LENGTH(t); ++i)
          scan(TREE_OPERAND(t, i));
      });
      return;
    case FOR_STMT:
    case WHILE_STMT:
    case DO_STMT:
    case SWITCH_STMT:
      conditionally([&] {
        for (int i = 0; i < TREE_OPERAND_LENGTH(t); ++i)
          scan(TREE_OPERAND(t, i));
      });
      return;
    case RETURN_EXPR:
      scan(TREE_OPERAND(t, 0));
      returned_ = true;
      return;
    case BIND_EXPR:
      scan(BIND_EXPR_BODY(t));
      return;
    case STATEMENT_LIST:
      for (tree_stmt_iterator it = tsi_start(t); !tsi_end_p(it); tsi_next(&it))
        scan(tsi_stmt(it));
      return;
    case DECL_EXPR:
      if (VAR_P(DECL_EXPR_DECL(t)))
        scan(DECL_INITIAL(DECL_EXPR_DECL(t)));
      return;
    default:
      if (EXPR_P(t) || TREE_CODE(t) == TREE_LIST)
        for (int i = 0; i < TREE_OPERAND_LENGTH(t); ++i)
          scan(TREE_OPERAND(t, i));
      return;
    }
  }

private:
  template <typename Scan> void conditionally(Scan scan_arms) {
    ++conditional_;
    scan_arms();
    --conditional_;
  }

  bool unconditional() const { return conditional_ == 0 && !returned_; }

  Rooted pointer(tree p) {
    p = tree_strip_any_location_wrapper(p);
    switch (TREE_CODE(p)) {
    case PARM_DECL:
      return p == parameter_ ? Rooted{true, true, 0} : Rooted{};
    case POINTER_PLUS_EXPR: {
      Rooted base = pointer(TREE_OPERAND(p, 0));
      if (base.rooted) {
        base.shift(fold(TREE_OPERAND(p, 1)));
        if (!base.constant)
          scan(TREE_OPERAND(p, 1));
      }
      return base;
    }
    case NOP_EXPR:
    case CONVERT_EXPR:
    case NON_LVALUE_EXPR:
    case VIEW_CONVERT_EXPR:
      return pointer(TREE_OPERAND(p, 0));
    case ADDR_EXPR:
      return place(TREE_OPERAND(p, 0));
    default:
      return Rooted{};
    }
  }

  // Where an lvalue lies, if it is rooted at the parameter.
  Rooted place(tree lv) {
    lv = tree_strip_any_location_wrapper(lv);
    switch (TREE_CODE(lv)) {
    case INDIRECT_REF:
      return pointer(TREE_OPERAND(lv, 0));
    case MEM_REF: {
      Rooted base = pointer(TREE_OPERAND(lv, 0));
      if (base.rooted)
        base.shift(TREE_OPERAND(lv, 1));
      return base;
    }
    case ARRAY_REF: {
      Rooted base = place(TREE_OPERAND(lv, 0));
      if (base.rooted) {
        tree index = fold(TREE_OPERAND(lv, 1));
        const HOST_WIDE_INT element = size_of(TREE_TYPE(lv));
        if (tree_fits_shwi_p(index) && element >= 0)
          base.shift(build_int_cst(ssizetype, tree_to_shwi(index) * element));
        else {
          base.constant = false;
          scan(index);
        }
      }
      return base;
    }
    case COMPONENT_REF: {
      Rooted base = place(TREE_OPERAND(lv, 0));
      tree field = TREE_OPERAND(lv, 1);
      if (base.rooted) {
        if (TREE_CODE(field) == FIELD_DECL && !DECL_BIT_FIELD(field))
          base.shift(byte_position(field));
        else
          base.constant = false;
      }
      return base;
    }
    default:
      return Rooted{};
    }
  }

  void lvalue(tree lv, bool write, bool read, location_t where) {
    Rooted at = place(lv);
    if (!at.rooted) {
      // Not the parameter's memory; its address parts may still use it.
      lv = tree_strip_any_location_wrapper(lv);
      if (TREE_CODE(lv) == PARM_DECL || VAR_P(lv) ||
          TREE_CODE(lv) == RESULT_DECL)
        return;
      for (int i = 0; i < TREE_OPERAND_LENGTH(lv); ++i)
        scan(TREE_OPERAND(lv, i));
      return;
    }
    const HOST_WIDE_INT size = size_of(TREE_TYPE(lv));
    if (read)
      add({at.constant, at.offset, size, false, unconditional(), where,
           fndecl_});
    if (write)
      add({at.constant, at.offset, size, true, unconditional(), where,
           fndecl_});
  }

  void call(tree call_expression) {
    tree callee = cp_get_callee_fndecl_nofold(call_expression);
    for (int i = 0; i < call_expr_nargs(call_expression); ++i) {
      tree argument = CALL_EXPR_ARG(call_expression, i);
      Rooted at = pointer(argument);
      if (!at.rooted) {
        scan(argument);
        continue;
      }
      const location_t where = location_or(call_expression, UNKNOWN_LOCATION);
      if (!callee || depth_ > 8 || !visible_body(callee)) {
        untracked(where);
        continue;
      }
      const HelperEffects &inner = effects_of(callee, i, depth_ + 1);
      if (inner.untracked != UNKNOWN_LOCATION) {
        effects_->untracked = inner.untracked;
        effects_->untracked_function = inner.untracked_function;
      }
      for (HelperAccess access : inner.accesses) {
        access.constant_offset = access.constant_offset && at.constant;
        access.offset += at.offset;
        access.unconditional = access.unconditional && unconditional();
        add(access);
      }
    }
  }

  void add(const HelperAccess &access) { effects_->accesses.push_back(access); }

  void untracked(location_t where) {
    if (effects_->untracked == UNKNOWN_LOCATION) {
      effects_->untracked = where;
      effects_->untracked_function = fndecl_;
    }
  }

  tree fndecl_;
  tree parameter_;
  HelperEffects *effects_;
  int depth_;
  location_t where_;      // of the innermost expression being scanned
  int conditional_ = 0;   // inside a branch or loop of the helper
  bool returned_ = false; // a `return` came before

public:
  static const HelperEffects &effects_of(tree fndecl, unsigned index,
                                         int depth);
};

// By (function, parameter); an entry exists while it is being computed, so
// recursion finds it empty and marked untracked.
std::map<std::pair<tree, unsigned>, HelperEffects> known;

const HelperEffects &EffectsScanner::effects_of(tree fndecl, unsigned index,
                                                int depth) {
  auto key = std::make_pair(fndecl, index);
  auto found = known.find(key);
  if (found != known.end())
    return found->second;
  HelperEffects &effects = known[key];
  effects.untracked = DECL_SOURCE_LOCATION(fndecl); // until done: recursion
  effects.untracked_function = fndecl;
  // Instantiating a template gives it new PARM_DECLs: the body first.
  tree body = visible_body(fndecl);
  tree parameter = DECL_ARGUMENTS(fndecl);
  for (unsigned i = 0; parameter && i < index; ++i)
    parameter = DECL_CHAIN(parameter);
  if (!parameter || !body)
    return effects;
  HelperEffects result;
  EffectsScanner(fndecl, parameter, &result, depth).scan(body);
  effects = result;
  return effects;
}

} // namespace

const HelperEffects &helper_effects(tree fndecl, unsigned index) {
  return EffectsScanner::effects_of(fndecl, index, 0);
}

} // namespace ferry
