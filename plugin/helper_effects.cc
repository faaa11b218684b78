// SPDX-License-Identifier: GPL-3.0-or-later
// See helper_effects.h.
#include "helper_effects.h"

#include "device_functions.h"
#include "tree_utils.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace ferry {

namespace {

// A loop of the helper that counts VAR up by one over [lower, bound), both
// constants, and runs: `for (int l = 0; l < PPWI; ++l)`.
struct CountedLoop {
  tree var;
  HOST_WIDE_INT lower, bound;
};

// A pointer or lvalue traced back to the parameter: whether it is rooted
// there, and at which byte offset when that is known.
struct Rooted {
  bool rooted = false;
  bool constant = false;
  HOST_WIDE_INT offset = 0;
  // (bytes per step, steps) of each counted loop that moves it; the
  // offset is where the steps start.
  std::vector<std::pair<HOST_WIDE_INT, HOST_WIDE_INT>> sweeps;
  std::vector<std::pair<unsigned, HOST_WIDE_INT>> terms;
};

HOST_WIDE_INT size_of(tree type) {
  tree size = TYPE_SIZE_UNIT(type);
  return size && tree_fits_shwi_p(size) ? tree_to_shwi(size) : -1;
}

// An integer constant's value read as signed (sizetype holds -8 as 2^64-8).
bool signed_value(tree t, HOST_WIDE_INT *value) {
  if (TREE_CODE(t) != INTEGER_CST || TYPE_PRECISION(TREE_TYPE(t)) > 64)
    return false;
  *value = wi::sext(wi::to_wide(t), TYPE_PRECISION(TREE_TYPE(t))).to_shwi();
  return true;
}

// The bytes the sweeps reach past the start, and whether they touch every
// byte once (each step the previous steps' whole extent, the first the
// access's size).
HOST_WIDE_INT
sweep_extent(std::vector<std::pair<HOST_WIDE_INT, HOST_WIDE_INT>> sweeps,
             HOST_WIDE_INT size, bool *dense) {
  std::sort(sweeps.begin(), sweeps.end());
  HOST_WIDE_INT extent = 0;
  *dense = size >= 0;
  for (const auto &[step, steps] : sweeps) {
    *dense = *dense && step == extent + size;
    extent += step * (steps - 1);
  }
  return extent;
}

class EffectsScanner {
public:
  EffectsScanner(tree fndecl, tree parameter, HelperEffects *effects, int depth)
      : fndecl_(fndecl), parameter_(parameter), effects_(effects),
        depth_(depth), where_(DECL_SOURCE_LOCATION(fndecl)) {
    collect_assigned(&DECL_SAVED_TREE(fndecl), &assigned_);
  }

  void scan(tree t) {
    int walk_subtrees = 1;
    if (!t || !enter_located(t, &walk_subtrees, &where_))
      return;
    // An increment reads what it writes; an assignment or initialization
    // does not.
    if (const Store store = store_of(TREE_CODE(t)); store != Store::none) {
      lvalue(TREE_OPERAND(t, 0), /*write=*/true,
             /*read=*/store == Store::increment,
             location_or(t, UNKNOWN_LOCATION));
      scan(TREE_OPERAND(t, 1));
      return;
    }
    switch (TREE_CODE(t)) {
    case PARM_DECL:
      // At the expression that uses the pointer, not the helper's first
      // line.
      if (t == parameter_)
        untracked(where_);
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
      scan(FOR_INIT_STMT(t));
      if (!FOR_COND(t) || !FOR_EXPR(t) ||
          !counted_loop(FOR_COND(t), FOR_EXPR(t), {FOR_BODY(t)}))
        conditionally([&] {
          scan(FOR_COND(t));
          scan(FOR_BODY(t));
          scan(FOR_EXPR(t));
        });
      return;
    case OMP_SIMD:
    case OMP_FOR:
    case OMP_LOOP:
      // A helper's `omp simd` loop, not yet made the plain loop it
      // annotates (device_functions.cc does that after the ownership
      // check): read as that loop.
      scan(OMP_FOR_PRE_BODY(t));
      if (!one_counted_level(t))
        conditionally([&] {
          for (int i = 0; i < TREE_OPERAND_LENGTH(t); ++i)
            scan(TREE_OPERAND(t, i));
        });
      return;
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
      statements(t);
      return;
    case DECL_EXPR:
      if (VAR_P(DECL_EXPR_DECL(t)))
        scan(DECL_INITIAL(DECL_EXPR_DECL(t)));
      return;
    case CONSTRUCTOR: {
      // `return {p[0] * e, p[1]};` reads through the parameter.
      unsigned i;
      tree value;
      FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(t), i, value)
      scan(value);
      return;
    }
    default:
      if (EXPR_P(t) || TREE_CODE(t) == TREE_LIST)
        for (int i = 0; i < TREE_OPERAND_LENGTH(t); ++i)
          scan(TREE_OPERAND(t, i));
      return;
    }
  }

private:
  // The statements of LIST, each genericized counted loop as one: GCC 12
  // lowers `for (int l = 0; l < 4; ++l) body` in a function it has
  // finished to `goto test; top: body; ++l; test: if (l < 4) goto top;
  // else goto done; done:`.
  void statements(tree list) {
    std::vector<tree> items;
    for (tree_stmt_iterator it = tsi_start(list); !tsi_end_p(it); tsi_next(&it))
      items.push_back(tsi_stmt(it));
    for (std::size_t i = 0; i < items.size(); ++i) {
      std::size_t end = 0;
      if (TREE_CODE(items[i]) == GOTO_EXPR &&
          genericized_loop(items, i, &end)) {
        i = end;
        continue;
      }
      scan(items[i]);
    }
  }

  // Items [I, END] of ITEMS form a genericized counted loop, scanned here.
  bool genericized_loop(const std::vector<tree> &items, std::size_t i,
                        std::size_t *end) {
    tree test_label = GOTO_DESTINATION(items[i]);
    if (i + 1 >= items.size() || TREE_CODE(items[i + 1]) != LABEL_EXPR)
      return false;
    tree top_label = LABEL_EXPR_LABEL(items[i + 1]);
    for (std::size_t j = i + 2; j + 1 < items.size(); ++j) {
      if (TREE_CODE(items[j]) != LABEL_EXPR ||
          LABEL_EXPR_LABEL(items[j]) != test_label)
        continue;
      tree test = items[j + 1];
      if (TREE_CODE(test) != COND_EXPR ||
          TREE_CODE(TREE_OPERAND(test, 1)) != GOTO_EXPR ||
          GOTO_DESTINATION(TREE_OPERAND(test, 1)) != top_label || j < i + 3)
        return false;
      tree increment = strip_statement_wrappers(items[j - 1]);
      std::vector<tree> body(items.begin() + i + 2, items.begin() + j - 1);
      if (!counted_loop(TREE_OPERAND(test, 0), increment, body))
        return false;
      // Whatever follows the test (the `done:` label) is scanned as usual.
      *end = j + 1;
      return true;
    }
    return false;
  }

  // The loop construct T of one level, `for (l = START; l < constant;
  // ++l)`, as a counted loop.
  bool one_counted_level(tree t) {
    tree init = OMP_FOR_INIT(t);
    if (!init || TREE_VEC_LENGTH(init) != 1)
      return false;
    tree start = TREE_VEC_ELT(init, 0);
    if (TREE_CODE(start) != MODIFY_EXPR)
      return false;
    scan(TREE_OPERAND(start, 1));
    return counted_loop(TREE_VEC_ELT(OMP_FOR_COND(t), 0),
                        TREE_VEC_ELT(OMP_FOR_INCR(t), 0), {OMP_FOR_BODY(t)},
                        TREE_OPERAND(start, 1));
  }

  // A loop over VAR < constant, counting up by one from the constant VAR
  // starts at (START, else VAR's initializer), that the body leaves alone:
  // its BODY is scanned with VAR's range known, and as unconditional as the
  // loop itself when it runs.
  bool counted_loop(tree condition, tree increment,
                    const std::vector<tree> &body, tree start = NULL_TREE) {
    condition = tree_strip_any_location_wrapper(condition);
    if (TREE_CODE(condition) != LT_EXPR && TREE_CODE(condition) != LE_EXPR)
      return false;
    tree var = condition_variable(TREE_OPERAND(condition, 0));
    HOST_WIDE_INT bound = 0, lower = 0;
    if (!var || !VAR_P(var) || !counts_up_by_one(increment, var) ||
        !signed_value(fold(TREE_OPERAND(condition, 1)), &bound))
      return false;
    if (!start)
      start = DECL_INITIAL(var);
    if (!start || !signed_value(fold(start), &lower))
      return false;
    if (TREE_CODE(condition) == LE_EXPR)
      ++bound;
    for (tree statement : body)
      if (assigns(statement, var))
        return false;
    if (bound <= lower)
      return true; // the body never runs
    loops_.push_back({var, lower, bound});
    for (tree statement : body)
      scan(statement);
    loops_.pop_back();
    return true;
  }

  static bool assigns(tree statement, tree var) {
    std::set<tree> assigned;
    collect_assigned(&statement, &assigned);
    return assigned.count(var) != 0;
  }

  // Adds FACTOR times the byte offset EXPRESSION to AT: constants, steps
  // of counted loops and multiples of integer parameters; anything else
  // makes the offset unknown.
  void add_bytes(Rooted *at, tree expression, HOST_WIDE_INT factor) {
    if (!at->constant)
      return;
    tree e = tree_strip_any_location_wrapper(expression);
    HOST_WIDE_INT value = 0;
    if (signed_value(e, &value)) {
      at->offset += factor * value;
      return;
    }
    switch (TREE_CODE(e)) {
    case NOP_EXPR:
    case CONVERT_EXPR:
    case NON_LVALUE_EXPR:
      if (INTEGRAL_TYPE_P(TREE_TYPE(TREE_OPERAND(e, 0))))
        return add_bytes(at, TREE_OPERAND(e, 0), factor);
      break;
    case PLUS_EXPR:
      add_bytes(at, TREE_OPERAND(e, 0), factor);
      return add_bytes(at, TREE_OPERAND(e, 1), factor);
    case MINUS_EXPR:
      add_bytes(at, TREE_OPERAND(e, 0), factor);
      return add_bytes(at, TREE_OPERAND(e, 1), -factor);
    case NEGATE_EXPR:
      return add_bytes(at, TREE_OPERAND(e, 0), -factor);
    case MULT_EXPR:
      if (signed_value(fold(TREE_OPERAND(e, 1)), &value))
        return add_bytes(at, TREE_OPERAND(e, 0), factor * value);
      if (signed_value(fold(TREE_OPERAND(e, 0)), &value))
        return add_bytes(at, TREE_OPERAND(e, 1), factor * value);
      break;
    case VAR_DECL:
      for (const CountedLoop &loop : loops_)
        if (loop.var == e) {
          const HOST_WIDE_INT steps = loop.bound - loop.lower;
          at->offset += factor * (factor < 0 ? loop.bound - 1 : loop.lower);
          at->sweeps.emplace_back(factor < 0 ? -factor : factor, steps);
          return;
        }
      break;
    case PARM_DECL:
      if (e != parameter_ && INTEGRAL_TYPE_P(TREE_TYPE(e)) &&
          !assigned_.count(e)) {
        unsigned index = 0;
        for (tree p = DECL_ARGUMENTS(fndecl_); p && p != e; p = DECL_CHAIN(p))
          ++index;
        at->terms.emplace_back(index, factor);
        return;
      }
      break;
    default:
      break;
    }
    at->constant = false;
    scan(expression);
  }

  template <typename Scan> void conditionally(Scan scan_arms) {
    ++conditional_;
    scan_arms();
    --conditional_;
  }

  bool unconditional() const { return conditional_ == 0 && !returned_; }

  Rooted pointer(tree p) {
    p = tree_strip_any_location_wrapper(p);
    switch (TREE_CODE(p)) {
    case PARM_DECL: {
      Rooted at;
      at.rooted = at.constant = p == parameter_;
      return at;
    }
    case POINTER_PLUS_EXPR: {
      Rooted base = pointer(TREE_OPERAND(p, 0));
      if (base.rooted) {
        if (base.constant)
          add_bytes(&base, TREE_OPERAND(p, 1), 1);
        else
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
        add_bytes(&base, TREE_OPERAND(lv, 1), 1);
      return base;
    }
    case ARRAY_REF: {
      Rooted base = place(TREE_OPERAND(lv, 0));
      if (base.rooted) {
        const HOST_WIDE_INT element = size_of(TREE_TYPE(lv));
        if (element >= 0)
          add_bytes(&base, TREE_OPERAND(lv, 1), element);
        else {
          base.constant = false;
          scan(TREE_OPERAND(lv, 1));
        }
      }
      return base;
    }
    case COMPONENT_REF: {
      Rooted base = place(TREE_OPERAND(lv, 0));
      tree field = TREE_OPERAND(lv, 1);
      if (base.rooted) {
        if (TREE_CODE(field) == FIELD_DECL && !DECL_BIT_FIELD(field))
          add_bytes(&base, byte_position(field), 1);
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
    HelperAccess access;
    access.constant_offset = at.constant;
    access.offset = at.offset;
    access.size = size_of(TREE_TYPE(lv));
    access.sweep = sweep_extent(at.sweeps, access.size, &access.dense);
    access.terms = at.terms;
    access.location = where;
    access.function = fndecl_;
    // A sweep with gaps writes only some of its bytes: not on every path.
    access.unconditional = unconditional() && access.dense;
    if (read)
      add(access);
    if (write) {
      access.write = true;
      add(access);
    }
  }

  void call(tree call_expression) {
    tree callee = callee_of(call_expression);
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
        // The inner helper's own parameters and the sweeps of the pointer
        // passed to it are not followed further.
        access.constant_offset = access.constant_offset && at.constant &&
                                 access.terms.empty() && at.sweeps.empty();
        access.offset += at.offset;
        for (const auto &term : at.terms)
          access.terms.push_back(term);
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
  std::set<tree> assigned_;        // the helper's variables that change
  std::vector<CountedLoop> loops_; // around the expression being scanned
  location_t where_;               // of the innermost expression being scanned
  int conditional_ = 0;            // inside a branch or loop of the helper
  bool returned_ = false;          // a `return` came before

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

// ------------------------------------------------------- read-only use

bool only_reads(tree fndecl, unsigned index, int depth);

// The helper's local variables set from the parameter: what it points
// into, the parameter's memory, may be reached through them too.
class DerivedPointers {
public:
  DerivedPointers(tree fndecl, tree parameter, int depth)
      : fndecl_(fndecl), depth_(depth) {
    derived_.insert(parameter);
    // To a fixed point: `high = low + 1` after `low = &p[i]`.
    for (std::size_t before = 0; before != derived_.size();) {
      before = derived_.size();
      cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl), collect, this);
    }
  }

  bool only_reads() {
    return !cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl_), misuse,
                                            this);
  }

private:
  bool mentions_derived(tree t) const {
    for (tree decl : derived_)
      if (mentions(t, decl))
        return true;
    return false;
  }

  bool is_local(tree t) const {
    t = tree_strip_any_location_wrapper(t);
    return VAR_P(t) && DECL_CONTEXT(t) == fndecl_ && !TREE_STATIC(t) &&
           !DECL_EXTERNAL(t);
  }

  static tree collect(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<DerivedPointers *>(data);
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
    } else if ((TREE_CODE(t) == MODIFY_EXPR || TREE_CODE(t) == INIT_EXPR) &&
               self->is_local(TREE_OPERAND(t, 0)) &&
               self->mentions_derived(TREE_OPERAND(t, 1))) {
      self->derived_.insert(tree_strip_any_location_wrapper(TREE_OPERAND(t, 0)));
    } else if (TREE_CODE(t) == DECL_EXPR && self->is_local(DECL_EXPR_DECL(t)) &&
               DECL_INITIAL(DECL_EXPR_DECL(t)) &&
               self->mentions_derived(DECL_INITIAL(DECL_EXPR_DECL(t)))) {
      self->derived_.insert(DECL_EXPR_DECL(t));
    }
    return NULL_TREE;
  }

  // A use that may write through a derived pointer, or lose sight of one.
  static tree misuse(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<DerivedPointers *>(data);
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    if (const Store store = store_of(TREE_CODE(t)); store != Store::none) {
      tree target = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
      // Setting a local pointer from the parameter is how it is derived;
      // anything else stored into memory named through one is a write,
      // and a derived pointer stored anywhere but a local is lost.
      if (self->is_local(target))
        return NULL_TREE;
      if (self->mentions_derived(target))
        return t;
      if (store != Store::increment &&
          POINTER_TYPE_P(TREE_TYPE(TREE_OPERAND(t, 1))) &&
          self->mentions_derived(TREE_OPERAND(t, 1)))
        return t;
      return NULL_TREE;
    }
    switch (TREE_CODE(t)) {
    case ADDR_EXPR:
      // The address of a derived pointer itself: it may be set elsewhere.
      return self->derived_.count(
                 tree_strip_any_location_wrapper(TREE_OPERAND(t, 0)))
                 ? t
                 : NULL_TREE;
    case RETURN_EXPR:
      return TREE_OPERAND(t, 0) && self->mentions_derived(TREE_OPERAND(t, 0)) &&
                     POINTER_TYPE_P(TREE_TYPE(TREE_TYPE(self->fndecl_)))
                 ? t
                 : NULL_TREE;
    case CALL_EXPR:
    case AGGR_INIT_EXPR:
      return self->call_misuses(t) ? t : NULL_TREE;
    case ASM_EXPR:
      return self->mentions_derived(t) ? t : NULL_TREE;
    default:
      return NULL_TREE;
    }
  }

  bool call_misuses(tree call) {
    tree callee = callee_of(call);
    const int count = TREE_CODE(call) == CALL_EXPR
                          ? call_expr_nargs(call)
                          : aggr_init_expr_nargs(call);
    tree parm_types = callee ? TYPE_ARG_TYPES(TREE_TYPE(callee)) : NULL_TREE;
    for (int i = 0; i < count; ++i, parm_types = parm_types
                                                     ? TREE_CHAIN(parm_types)
                                                     : NULL_TREE) {
      tree argument = TREE_CODE(call) == CALL_EXPR
                          ? CALL_EXPR_ARG(call, i)
                          : AGGR_INIT_EXPR_ARG(call, i);
      if (!POINTER_TYPE_P(TREE_TYPE(argument)) ||
          !mentions_derived(argument))
        continue;
      tree parm_type = parm_types ? TREE_VALUE(parm_types) : NULL_TREE;
      if (parm_type && INDIRECT_TYPE_P(parm_type) &&
          TYPE_READONLY(TREE_TYPE(parm_type)))
        continue;
      if (!callee || fndecl_built_in_p(callee) || depth_ > 8 ||
          !ferry::only_reads(callee, i, depth_ + 1))
        return true;
    }
    return false;
  }

  tree fndecl_;
  int depth_;
  std::set<tree> derived_;
};

// By (function, parameter); an entry is false while it is computed, so
// that recursion finds a write.
std::map<std::pair<tree, unsigned>, bool> read_only_known;

bool only_reads(tree fndecl, unsigned index, int depth) {
  auto key = std::make_pair(fndecl, index);
  auto found = read_only_known.find(key);
  if (found != read_only_known.end())
    return found->second;
  read_only_known[key] = false;
  tree body = visible_body(fndecl);
  tree parameter = DECL_ARGUMENTS(fndecl);
  for (unsigned i = 0; parameter && i < index; ++i)
    parameter = DECL_CHAIN(parameter);
  if (!parameter || !body)
    return false;
  const bool result = DerivedPointers(fndecl, parameter, depth).only_reads();
  read_only_known[key] = result;
  return result;
}

} // namespace

const HelperEffects &helper_effects(tree fndecl, unsigned index) {
  return EffectsScanner::effects_of(fndecl, index, 0);
}

bool helper_only_reads(tree fndecl, unsigned index) {
  return only_reads(fndecl, index, 0);
}

} // namespace ferry
