// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the ownership rules in the loops of a kernel (see
// ownership_check.h and doc/rules.md): walks each loop body (the checker
// is declared in loop_checker.h; what each access touches is traced in
// ownership_tracing.cc, calls and the checks after the walk are in
// ownership_calls.cc and ownership_results.cc, the findings in a
// program's own OpenMP region in ownership_openmp.cc).
//
// Every memory access in a loop body is traced back to what it touches: an
// element of a buffer parameter, a variable private to the iteration, or
// something shared (a scalar parameter, a kernel local, a global).  The
// rules then follow from the kind of thing and the buffer's ownership.
#include "ownership_check.h"

#include "loop_checker.h"
#include "tree_utils.h"

#include <algorithm>

namespace ferry {

bool LoopChecker::run() {
  tree body = loop_.body;
  collect_reassigned(&body);
  collect_unchanged(body);
  collect_field_pointers(body);
  // out and scratch buffers start with no values on the device, until a
  // loop has written them whole.
  for (const BufferParam &buffer : k_.buffers)
    if ((buffer.ownership == Ownership::out ||
         buffer.ownership == Ownership::scratch) &&
        !(*written_whole_)[buffer.index])
      definite_.track(buffer.index);
  walk(&body);
  settle_writes();
  check_races();
  check_reduction_uses();
  check_write_coverage();
  compute_reaches();
  return ok_;
}

void LoopChecker::collect_unchanged(tree body) {
  std::set<tree> declared;
  collect_declared(body, &declared);
  std::vector<tree> named;
  collect_named(body, &named);
  for (tree var : named)
    if (VAR_P(var) && !TREE_STATIC(var) && !DECL_EXTERNAL(var) &&
        !TREE_ADDRESSABLE(var) &&
        (INTEGRAL_TYPE_P(TREE_TYPE(var)) || POINTER_TYPE_P(TREE_TYPE(var))) &&
        !TYPE_REF_P(TREE_TYPE(var)) && !declared.count(var) &&
        !private_vars_.count(var) && !reassigned_.count(var) &&
        !is_parallel_var(var))
      unchanged_.insert(var);
  // Rule 1 keeps every write out of a borrow buffer, rule 6 every other
  // buffer off its memory.
  for (const BufferParam &buffer : k_.buffers)
    if (buffer.ownership == Ownership::borrow)
      unchanged_.insert(buffer.decl);
}

void LoopChecker::reject_lambda(location_t where) {
  fail(where,
       "lambda expressions inside kernel %qD are not supported; "
       "call a named helper function",
       k_.fndecl);
}

tree LoopChecker::visit(tree *node, int *walk_subtrees, void *data) {
  return static_cast<LoopChecker *>(data)->visit_node(node, walk_subtrees);
}

tree LoopChecker::visit_node(tree *node, int *walk_subtrees) {
  tree t = *node;
  // Where this node is, before the walk moves on: its own location, else
  // the last one seen.
  const location_t where = location_or(t, current_location_);
  if (!enter_located(t, walk_subtrees, &current_location_))
    return NULL_TREE;
  if (TREE_CODE(t) == CLEANUP_POINT_EXPR || TREE_CODE(t) == EXPR_STMT)
    statement_ = node;
  if (STATEMENT_CODE_P(TREE_CODE(t)) || TREE_CODE(t) == CLEANUP_POINT_EXPR ||
      TREE_CODE(t) == DECL_EXPR)
    settle_writes();
  // By PRE_GENERICIZE a lambda is already its closure object: a
  // declaration or temporary of closure type.
  if ((TREE_CODE(t) == DECL_EXPR &&
       LAMBDA_TYPE_P(TREE_TYPE(DECL_EXPR_DECL(t)))) ||
      (TREE_CODE(t) == TARGET_EXPR && LAMBDA_TYPE_P(TREE_TYPE(t)))) {
    reject_lambda(where);
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (store_of(TREE_CODE(t)) != Store::none) {
    update(t, where);
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  switch (TREE_CODE(t)) {
  case DECL_EXPR:
    declare(DECL_EXPR_DECL(t), where);
    *walk_subtrees = 0;
    return NULL_TREE;
  case BIND_EXPR:
    // Only the body: walk_tree would visit the variables' initialisers
    // first, out of order; their DECL_EXPRs in the body come in order.
    for (tree var = BIND_EXPR_VARS(t); var; var = DECL_CHAIN(var))
      if (VAR_P(var) && !TREE_STATIC(var) && !DECL_EXTERNAL(var))
        private_vars_.insert(var);
    walk(&BIND_EXPR_BODY(t));
    *walk_subtrees = 0;
    return NULL_TREE;
  case FOR_STMT:
    inner_loop(t);
    *walk_subtrees = 0;
    return NULL_TREE;
  case WHILE_STMT:
  case DO_STMT:
  case SWITCH_STMT:
    ++breakable_depth_;
    ++conditional_;
    for (int i = 0; i < TREE_OPERAND_LENGTH(t); ++i)
      walk(&TREE_OPERAND(t, i));
    settle_writes();
    --conditional_;
    --breakable_depth_;
    *walk_subtrees = 0;
    return NULL_TREE;
  case IF_STMT:
    if_statement(t);
    *walk_subtrees = 0;
    return NULL_TREE;
  case COND_EXPR:
  case TRUTH_ANDIF_EXPR:
  case TRUTH_ORIF_EXPR:
    walk(&TREE_OPERAND(t, 0));
    ++conditional_;
    for (int i = 1; i < TREE_OPERAND_LENGTH(t); ++i)
      walk(&TREE_OPERAND(t, i));
    --conditional_;
    *walk_subtrees = 0;
    return NULL_TREE;
  case CONTINUE_STMT:
    continued_ = true;
    return NULL_TREE;
  case BREAK_STMT:
    if (breakable_depth_ == 0) {
      auto_diagnostic_group group;
      fail(where,
           "%<break%> leaves the parallel loop of kernel %qD; "
           "every iteration must run",
           k_.fndecl);
      inform(where, "use %<continue%> to end this iteration early; to "
                    "find the first match, reduce with %<std::min%>");
    }
    return NULL_TREE;
  case RETURN_EXPR:
    fail(where,
         "%<return%> inside the parallel loop of kernel %qD; use "
         "%<continue%> to end one iteration early",
         k_.fndecl);
    return NULL_TREE;
  case GOTO_EXPR:
    fail(where, "%<goto%> inside the parallel loop of kernel %qD", k_.fndecl);
    inform(where, "use %<continue%> to end the iteration, or %<if%> to "
                  "skip statements");
    return NULL_TREE;
  case THROW_EXPR:
  case TRY_BLOCK:
  case EH_SPEC_BLOCK:
    fail(where,
         "exceptions cannot be used in kernel %qD: the loop runs on "
         "the device",
         k_.fndecl);
    inform(where, "check the condition on the host before the call, or "
                  "have each iteration set a flag in an %<out%> buffer and "
                  "throw after the kernel returns");
    *walk_subtrees = 0;
    return NULL_TREE;
  case ASM_EXPR:
    fail(where, "%<asm%> inside kernel %qD", k_.fndecl);
    return NULL_TREE;
  case LAMBDA_EXPR:
    reject_lambda(where);
    *walk_subtrees = 0;
    return NULL_TREE;
  case OMP_ATOMIC:
  case OMP_ATOMIC_CAPTURE_OLD:
  case OMP_ATOMIC_CAPTURE_NEW:
    atomic_construct(t, where);
    *walk_subtrees = 0;
    return NULL_TREE;
  case OMP_ATOMIC_READ:
    atomic_read(t, where);
    *walk_subtrees = 0;
    return NULL_TREE;
  case INDIRECT_REF:
  case ARRAY_REF:
  case MEM_REF:
  case COMPONENT_REF:
    // An atomic construct's own read of its element, counted there (only
    // a dereference has the address as its operand).
    if (atomic_address_ &&
        strip_lvalue_wrappers(TREE_OPERAND(t, 0)) == atomic_address_) {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    load(t, where);
    walk_address_parts(t);
    *walk_subtrees = 0;
    return NULL_TREE;
  case VAR_DECL:
    read_variable(t, where);
    if (is_kernel_local(t))
      local_reads_.emplace(t, where);
    return NULL_TREE;
  case CALL_EXPR:
  case AGGR_INIT_EXPR:
    call(t, where);
    return NULL_TREE;
  default:
    return NULL_TREE;
  }
}

// Walks the parts of an lvalue that are evaluated (subscripts, pointer
// arithmetic) without counting the lvalue itself as read.
void LoopChecker::walk_address_parts(tree lvalue) {
  lvalue = strip_lvalue_wrappers(lvalue);
  switch (TREE_CODE(lvalue)) {
  case INDIRECT_REF:
  case MEM_REF:
    walk_pointer(TREE_OPERAND(lvalue, 0));
    break;
  case ARRAY_REF:
    walk_address_parts(TREE_OPERAND(lvalue, 0));
    walk(&TREE_OPERAND(lvalue, 1));
    break;
  case COMPONENT_REF:
    walk_address_parts(TREE_OPERAND(lvalue, 0));
    break;
  default:
    // The object of `lookup(grid, e).total` is a call: its arguments and
    // its callee are the loop's too.
    if (!DECL_P(lvalue) && !CONSTANT_CLASS_P(lvalue))
      walk(&lvalue);
    break;
  }
}

// A pointer expression: addresses of elements inside it are not reads.
void LoopChecker::walk_pointer(tree pointer) {
  pointer = tree_strip_any_location_wrapper(pointer);
  if (TREE_CODE(pointer) == ADDR_EXPR) {
    walk_address_parts(TREE_OPERAND(pointer, 0));
    return;
  }
  if (TREE_CODE(pointer) == POINTER_PLUS_EXPR) {
    walk_pointer(TREE_OPERAND(pointer, 0));
    walk(&TREE_OPERAND(pointer, 1));
    return;
  }
  if (CONVERT_EXPR_P(pointer) || TREE_CODE(pointer) == NON_LVALUE_EXPR) {
    walk_pointer(TREE_OPERAND(pointer, 0));
    return;
  }
  walk(&pointer);
}

void LoopChecker::declare(tree decl, location_t where) {
  if (!VAR_P(decl))
    return;
  if (TREE_STATIC(decl) || DECL_EXTERNAL(decl)) {
    // Reported once, here, not again at each use.
    if (!TREE_READONLY(decl) && reported_variables_.insert(decl).second) {
      auto_diagnostic_group group;
      fail(DECL_SOURCE_LOCATION(decl),
           "static variable %qD inside kernel %qD would be shared by all "
           "iterations",
           decl, k_.fndecl);
      inform(DECL_SOURCE_LOCATION(decl),
             "drop the %<static%> for a value of each iteration; pass a "
             "%<ferry::shared_mut%> buffer for one all iterations update");
    }
    return;
  }
  private_vars_.insert(decl);
  if (tree init = DECL_INITIAL(decl)) {
    if (init != error_mark_node) {
      store_escape_check(decl, init, where);
      walk(&DECL_INITIAL(decl));
    }
  }
}

// A serial loop inside the body: its variable can index chunks, when it
// runs over [lower, bound) by one, the body leaving it alone.
void LoopChecker::inner_loop(tree for_statement) {
  // The initialisation declares the variable, so it is walked first.
  walk(&FOR_INIT_STMT(for_statement));
  settle_writes();
  const IndexVariable *index = nullptr;
  tree condition = tree_strip_any_location_wrapper(FOR_COND(for_statement));
  if (condition &&
      (TREE_CODE(condition) == LT_EXPR || TREE_CODE(condition) == LE_EXPR)) {
    tree var = strip_value_wrappers(TREE_OPERAND(condition, 0));
    if (VAR_P(var) && private_vars_.count(var) && DECL_INITIAL(var) &&
        counts_up_by_one(FOR_EXPR(for_statement), var) &&
        !assigns(FOR_BODY(for_statement), var)) {
      IndexVariable v;
      v.var = var;
      v.lower = DECL_INITIAL(var);
      v.bound = fold_convert(TREE_TYPE(var), TREE_OPERAND(condition, 1));
      if (TREE_CODE(condition) == LE_EXPR)
        v.bound = fold_build2(PLUS_EXPR, TREE_TYPE(var), v.bound,
                              build_one_cst(TREE_TYPE(var)));
      index_vars_.push_back(v);
      index = &index_vars_.back();
    }
  }
  // The body's writes happen for every value of the variable only when
  // nothing ends an iteration of it early.
  const bool every_value = index && !leaves_early(FOR_BODY(for_statement));
  const IndexVariable closing = index ? *index : IndexVariable{};
  const bool continued_before = continued_;
  continued_ = false;
  conditional_ += every_value ? 0 : 1;
  ++breakable_depth_;
  walk(&FOR_COND(for_statement));
  const std::map<tree, tree> outer_walks = walks_;
  // A `continue` would skip the step of a walk.
  if (every_value)
    find_walks(FOR_BODY(for_statement), closing);
  walk(&FOR_BODY(for_statement));
  walks_ = outer_walks;
  walk(&FOR_EXPR(for_statement));
  settle_writes();
  --breakable_depth_;
  conditional_ -= every_value ? 0 : 1;
  continued_ = continued_before;
  if (every_value)
    definite_.close_loop(closing, index_vars_);
}

// Whether STATEMENT assigns or increments VAR, or takes its address.
bool LoopChecker::assigns(tree statement, tree var) {
  std::set<tree> assigned;
  collect_assigned(&statement, &assigned);
  return assigned.count(var) != 0;
}

bool LoopChecker::leaves_early(tree statement) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      const tree_code code = TREE_CODE(*node);
      return code == BREAK_STMT || code == CONTINUE_STMT || code == GOTO_EXPR ||
                     code == RETURN_EXPR
                 ? *node
                 : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&statement, Search::visit, nullptr);
}

bool LoopChecker::pins_one_iteration(tree condition) const {
  condition = strip_value_wrappers(condition);
  switch (TREE_CODE(condition)) {
  case TRUTH_ANDIF_EXPR:
  case TRUTH_AND_EXPR:
    return pins_one_iteration(TREE_OPERAND(condition, 0)) ||
           pins_one_iteration(TREE_OPERAND(condition, 1));
  case EQ_EXPR:
    break;
  default:
    return false;
  }
  if (loop_.levels.size() != 1)
    return false;
  tree var = loop_.levels.front().var;
  for (int side = 0; side < 2; ++side) {
    tree other = TREE_OPERAND(condition, 1 - side);
    if (strip_value_wrappers(TREE_OPERAND(condition, side)) == var &&
        !varies_by_iteration(other) && !TREE_SIDE_EFFECTS(other))
      return true;
  }
  return false;
}

// Both arms of an `if` are walked from the same writes; what both write
// is written on every path.
void LoopChecker::if_statement(tree t) {
  walk(&IF_COND(t));
  settle_writes();
  const DefiniteWrites::State before = definite_.save();
  const bool continued_before = continued_;
  ++arms_;
  const int single = pins_one_iteration(IF_COND(t)) ? 1 : 0;
  single_arms_ += single;
  walk(&THEN_CLAUSE(t));
  single_arms_ -= single;
  settle_writes();
  const DefiniteWrites::State then_arm = definite_.save();
  const bool continued_in_then = continued_;
  definite_.restore(before);
  continued_ = continued_before;
  walk(&ELSE_CLAUSE(t));
  settle_writes();
  --arms_;
  definite_.keep_common(then_arm);
  continued_ = continued_ || continued_in_then;
}

void LoopChecker::record(const AccessTarget &target, tree lvalue, bool write,
                         location_t where, bool atomic) {
  BufferAccess access;
  access.write = write;
  access.atomic = atomic;
  access.every_path = unguarded();
  access.location = where;
  access.size = TYPE_SIZE_UNIT(TREE_TYPE(lvalue));
  if (target.offset)
    access.offset = affine(target.offset);
  note_access(*target.buffer, access, !write || on_every_path());
}

// Rule 2 sees every access; the out/scratch contract sees reads, and the
// writes that happen on every path (DEFINITE).
void LoopChecker::note_access(const BufferParam &buffer,
                              const BufferAccess &access, bool definite) {
  accesses_[buffer.index].push_back(access);
  accesses_[buffer.index].back().single_iteration = single_arms_ > 0;
  BufferUse &use = facts_->uses[buffer.index];
  (access.write ? use.written : use.read) = true;
  use.atomic |= access.atomic;
  if (!definite_.tracked(buffer.index))
    return;
  ByteSpan span{access.offset, access.size, access.location};
  if (access.write) {
    if (definite)
      pending_writes_.emplace_back(buffer.index, span);
  } else if (!definite_.covers(buffer.index, span, index_vars_)) {
    report_read_before_write(buffer, access);
  }
}

// The writes of the statement just walked count for the statements after
// it (a statement's own reads come before its writes: y[i] = y[i] + 1).
void LoopChecker::settle_writes() {
  for (const auto &[index, span] : pending_writes_)
    definite_.add(index, span);
  pending_writes_.clear();
}

void LoopChecker::note_parameter(const BufferParam &buffer) {
  if (k_.region) {
    note_map(buffer);
    return;
  }
  inform(DECL_SOURCE_LOCATION(buffer.decl), "%qD is declared %<ferry::%s%>",
         buffer.decl, ownership_name(buffer.ownership));
}

void LoopChecker::store(tree lvalue, location_t where) {
  AccessTarget target = classify(lvalue);
  switch (target.kind) {
  case AccessTarget::element:
    if (target.buffer->ownership == Ownership::borrow && k_.region) {
      report_region_write(*target.buffer, where);
      record(target, lvalue, true, where);
      return;
    }
    if (target.buffer->ownership == Ownership::borrow) {
      auto_diagnostic_group group;
      fail(where, "%qD is borrowed read-only, but the kernel writes it",
           target.buffer->decl);
      note_parameter(*target.buffer);
      inform(DECL_SOURCE_LOCATION(target.buffer->decl),
             "use %<ferry::borrow_mut%> if each iteration updates its own "
             "elements");
      return;
    }
    record(target, lvalue, true, where);
    return;
  case AccessTarget::private_var:
    return;
  case AccessTarget::loop_var:
    if (k_.region && !k_.quiet) {
      report_region_loop_variable_write(target.decl, where);
      return;
    }
    fail(where, "the loop variable %qD is modified inside the loop",
         target.decl);
    return;
  case AccessTarget::shared_var: {
    if (k_.region) {
      report_region_shared_write(target.decl, NULL_TREE, where);
      return;
    }
    auto_diagnostic_group group;
    fail(where,
         "%qD is shared by all iterations; writing it from the parallel "
         "loop is a data race",
         target.decl);
    if (is_kernel_local(target.decl))
      inform(DECL_SOURCE_LOCATION(target.decl),
             "declare %qD inside the loop if each iteration needs its own; "
             "to combine values across iterations, update it only with "
             "%<+=%>, %<*=%>, %<&=%>, %<|=%>, %<^=%> or %<%E = "
             "std::min(%E, ...)%> (a reduction)",
             target.decl, DECL_NAME(target.decl), DECL_NAME(target.decl));
    else
      inform(DECL_SOURCE_LOCATION(target.decl),
             "%qD is declared outside the loop; declare it inside the loop "
             "if each iteration needs its own",
             target.decl);
    return;
  }
  case AccessTarget::global:
    if (!reported_variables_.insert(target.decl).second)
      return;
    fail(where, "kernel %qD writes %qD, which is not one of its parameters",
         k_.fndecl, target.decl);
    inform(DECL_SOURCE_LOCATION(target.decl),
           "pass the data as a pointer parameter with an ownership "
           "attribute");
    return;
  case AccessTarget::unknown:
    fail(where, "ferry cannot tell what this assignment writes");
    inform(where, "write through a pointer parameter of the kernel, or a "
                  "local pointer initialised once from one");
    return;
  }
}

// A pointer into a buffer must not be stored where ferry cannot follow it.
void LoopChecker::store_escape_check(tree decl, tree value, location_t where) {
  if (!POINTER_TYPE_P(TREE_TYPE(decl)) && !TYPE_REF_P(TREE_TYPE(decl)))
    return;
  AccessTarget pointee = trace_pointer(value);
  if (pointee.kind == AccessTarget::element &&
      pointee.buffer->ownership == Ownership::borrow &&
      !TYPE_READONLY(TREE_TYPE(TREE_TYPE(decl))) &&
      TYPE_REF_P(TREE_TYPE(decl))) {
    auto_diagnostic_group group;
    fail(where, "a non-const reference to %qD, which is borrowed read-only",
         pointee.buffer->decl);
    inform(DECL_SOURCE_LOCATION(decl),
           "declare %qD as a reference to "
           "const, as in %<const %T &%>",
           decl, TREE_TYPE(TREE_TYPE(decl)));
  }
}

// An assignment or increment: a reduction, an atomic update of a
// shared_mut element, or a plain store.
void LoopChecker::update(tree t, location_t where) {
  tree lvalue = TREE_OPERAND(t, 0);
  // `const T &r = s[i];` with a call on the right: the front end binds
  // the reference in a statement of its own, not in the declaration.
  tree reference = tree_strip_any_location_wrapper(lvalue);
  if (TREE_CODE(t) == INIT_EXPR && VAR_P(reference) &&
      TYPE_REF_P(TREE_TYPE(reference)) && private_vars_.count(reference) &&
      !DECL_INITIAL(reference)) {
    bindings_[reference] = TREE_OPERAND(t, 1);
    store_escape_check(reference, TREE_OPERAND(t, 1), where);
    walk(&TREE_OPERAND(t, 1));
    return;
  }
  const bool increment =
      TREE_CODE(t) != MODIFY_EXPR && TREE_CODE(t) != INIT_EXPR;
  AccessTarget target = classify(lvalue);
  if (target.kind == AccessTarget::shared_var && is_kernel_local(target.decl) &&
      reduction(t, target.decl, where))
    return;
  if (target.kind == AccessTarget::element &&
      target.buffer->ownership == Ownership::shared_mut) {
    atomic_update(t, target, where);
    return;
  }
  if (k_.region && target.kind == AccessTarget::shared_var && !increment) {
    report_region_shared_write(target.decl, TREE_OPERAND(t, 1), where);
    walk(&TREE_OPERAND(t, 1));
    return;
  }
  store(lvalue, where);
  if (increment)
    load(lvalue, where);
  walk_address_parts(lvalue);
  if (!increment)
    walk(&TREE_OPERAND(t, 1));
}

bool LoopChecker::is_kernel_local(tree decl) const {
  return VAR_P(decl) && DECL_CONTEXT(decl) == k_.fndecl && !TREE_STATIC(decl) &&
         !DECL_EXTERNAL(decl) && !private_vars_.count(decl) &&
         !is_parallel_var(decl) && !TYPE_REF_P(TREE_TYPE(decl));
}

// Recognises T as a reduction into VAR and records it; false if T is not
// one of the reduction forms.
bool LoopChecker::reduction(tree t, tree var, location_t where) {
  tree_code op = ERROR_MARK;
  tree operand = NULL_TREE;
  bool keeps_accumulator = true;
  if (!match_reduction(t, var, &op, &operand, &keeps_accumulator))
    return false;
  if (operand)
    walk(&operand);
  // A region's reduction variables are the iterations' own: this one has
  // no clause.
  if (k_.region) {
    report_missing_reduction(var, op, where);
    return true;
  }
  // A program's region reduces in OpenMP's unspecified order, and its
  // reduction clause asked for that (GCC's build gives NaNs no order
  // either); a kernel's answer is the serial build's.
  if (!keeps_accumulator && HONOR_NANS(TREE_TYPE(var)) &&
      !k_.from_openmp_region()) {
    auto_diagnostic_group group;
    bool is_max = false;
    if (is_fmin_or_fmax(bare(TREE_OPERAND(t, 1)), &is_max))
      fail(where,
           "this %<%s%> into %qD takes the other operand when %qD is a NaN, "
           "so its result with a NaN depends on the order of the iterations",
           is_max ? "fmax" : "fmin", var, var);
    else
      fail(where,
           "this %qs reduction into %qD takes the other operand when the "
           "comparison is false, so its result with a NaN depends on the "
           "order of the iterations",
           reduction_name(op), var);
    inform(where,
           "write the accumulator first, %<%E = std::%s(%E, value)%>: "
           "ferry then gives the answer of the serial build with NaNs "
           "and signed zeros too (or compile with %<-ffinite-math-only%>)",
           var, reduction_name(op), var);
    return true;
  }
  for (const Reduction &other : loop_facts_->reductions)
    if (other.var == var && other.op != op) {
      fail(where,
           "%qD is combined with both %qs and %qs in one loop; use "
           "one accumulator for each",
           var, reduction_name(other.op), reduction_name(op));
      return true;
    }
  if (std::none_of(loop_facts_->reductions.begin(),
                   loop_facts_->reductions.end(),
                   [&](const Reduction &r) { return r.var == var; }))
    loop_facts_->reductions.push_back(Reduction{var, op, where});
  return true;
}

// Rule 2 does not apply to shared_mut: iterations may update the same
// element, and each update becomes atomic.  That needs the update to be a
// statement of its own, on a number.
void LoopChecker::atomic_update(tree t, const AccessTarget &target,
                                location_t where) {
  tree lvalue = TREE_OPERAND(t, 0);
  tree type = TREE_TYPE(lvalue);
  facts_->uses[target.buffer->index].written = true;
  if (!INTEGRAL_TYPE_P(type) && !SCALAR_FLOAT_TYPE_P(type)) {
    auto_diagnostic_group group;
    fail(where,
         "this update of %qD cannot be made atomic: its elements "
         "have type %qT",
         target.buffer->decl, type);
    inform(where, "update one number at a time: a %<shared_mut%> buffer "
                  "of numbers per field, such as %<double *sum_x%>");
    return;
  }
  tree statement = statement_ ? bare(*statement_) : NULL_TREE;
  while (statement && (TREE_CODE(statement) == CLEANUP_POINT_EXPR ||
                       TREE_CODE(statement) == EXPR_STMT))
    statement = bare(TREE_OPERAND(statement, 0));
  if (statement != t) {
    auto_diagnostic_group group;
    fail(where,
         "an update of %<ferry::shared_mut%> %qD must be a "
         "statement of its own",
         target.buffer->decl);
    inform(where, "write it as %<%E[k] += v;%>",
           DECL_NAME(target.buffer->decl));
    return;
  }
  AtomicUpdate atomic;
  atomic.buffer = target.buffer;
  atomic.statement = statement_;
  atomic.target = lvalue;
  atomic.location = where;
  match_atomic_update(t, lvalue, &atomic.op, &atomic.value);
  if (atomic.op == NOP_EXPR && stores_race(target, atomic.value)) {
    auto_diagnostic_group group;
    fail(where,
         "every iteration stores to the same element of %qD, and the value "
         "may differ between iterations",
         target.buffer->decl);
    inform(where,
           "the stores are atomic, so the element ends with the value of "
           "some iteration, not of the last one as in the serial build; "
           "store a value that is the same for every iteration (a flag), "
           "combine the values with an update such as %<%E[k] += v;%> or a "
           "reduction, or let each iteration store to its own element",
           DECL_NAME(target.buffer->decl));
    return;
  }
  loop_facts_->atomics.push_back(atomic);
  // For what the loop reaches; rule 2 leaves shared_mut alone.
  record(target, lvalue, true, where);
  walk_address_parts(lvalue);
  walk(&atomic.value);
}

bool LoopChecker::atomic_element(tree address, location_t where,
                                 AccessTarget *target, tree *lvalue) {
  // The front end saves the element's address once and reads the old
  // value through it in the new one: `*SAVE_EXPR <&x[k]> + v`, or, where
  // the address is invariant, `*TARGET_EXPR <D.1, &x[k]> + v`.
  tree inner = address;
  for (;;) {
    if (TREE_CODE(inner) == TARGET_EXPR)
      inner = TARGET_EXPR_INITIAL(inner);
    else if (TREE_CODE(inner) == SAVE_EXPR || CONVERT_EXPR_P(inner))
      inner = TREE_OPERAND(inner, 0);
    else
      break;
    inner = tree_strip_any_location_wrapper(inner);
  }
  *lvalue = TREE_CODE(inner) == ADDR_EXPR
                ? TREE_OPERAND(inner, 0)
                : build1(INDIRECT_REF, TREE_TYPE(TREE_TYPE(address)), address);
  *target = classify(*lvalue);
  if (target->kind != AccessTarget::element) {
    fail(where, "ferry's kernels take %<#pragma omp atomic%> only on an "
                "element of an array the region maps");
    return false;
  }
  return true;
}

void LoopChecker::atomic_construct(tree t, location_t where) {
  tree address = strip_lvalue_wrappers(TREE_OPERAND(t, 0));
  AccessTarget target;
  tree lvalue;
  if (!atomic_element(address, where, &target, &lvalue))
    return;
  if (target.buffer->ownership == Ownership::borrow)
    report_region_write(*target.buffer, where);
  // The update reads the element too (`x += v`); a write alone does not,
  // but reading it as well only copies it in.  A capture's value is the
  // element before or after, read atomically with the update.
  record(target, lvalue, false, where, /*atomic=*/true);
  record(target, lvalue, true, where, /*atomic=*/true);
  walk_address_parts(lvalue);
  tree outer = atomic_address_;
  atomic_address_ = address;
  walk(&TREE_OPERAND(t, 1));
  atomic_address_ = outer;
}

void LoopChecker::atomic_read(tree t, location_t where) {
  AccessTarget target;
  tree lvalue;
  if (!atomic_element(strip_lvalue_wrappers(TREE_OPERAND(t, 0)), where,
                      &target, &lvalue))
    return;
  record(target, lvalue, false, where, /*atomic=*/true);
  walk_address_parts(lvalue);
}

// A plain store whose element does not move with some parallel loop
// variable is made by many iterations; unless they all store the same
// value, which one remains depends on their order.  Stores through an
// index list (x[perm[i]] = v) are trusted: doc/rules.md says why.
bool LoopChecker::stores_race(const AccessTarget &target, tree value) const {
  if (invariant(value) || !target.offset)
    return false;
  AffineOffset offset = affine(target.offset);
  if (!offset.affine)
    return false;
  return std::any_of(
      index_vars_.begin(), index_vars_.end(), [&](const IndexVariable &v) {
        return v.parallel &&
               std::none_of(offset.terms.begin(), offset.terms.end(),
                            [&](const auto &term) {
                              return term.first == v.var &&
                                     !integer_zerop(term.second);
                            });
      });
}

// Rule for reductions: the accumulator is private to each thread, so any
// other use of it inside the loop would see a partial value.
void LoopChecker::check_reduction_uses() {
  for (const Reduction &reduction : loop_facts_->reductions) {
    auto read = local_reads_.find(reduction.var);
    if (read == local_reads_.end())
      continue;
    auto_diagnostic_group group;
    fail(read->second,
         "%qD is a %qs reduction in this loop; any other use of it inside "
         "the loop sees a partial value",
         reduction.var, reduction_name(reduction.op));
    inform(reduction.location, "the reduction is here");
  }
}

void LoopChecker::report_shared_read(const BufferParam &buffer,
                                     location_t where) {
  auto_diagnostic_group group;
  fail(where, "this read of %qD sees other iterations' updates in progress",
       buffer.decl);
  inform(where,
         "the elements of a %<ferry::shared_mut%> buffer can only be "
         "updated inside the loop, as in %<%E[k] += v;%>",
         DECL_NAME(buffer.decl));
}

void LoopChecker::load(tree lvalue, location_t where) {
  AccessTarget target = classify(lvalue);
  if (target.kind == AccessTarget::element &&
      target.buffer->ownership == Ownership::shared_mut) {
    report_shared_read(*target.buffer, where);
    return;
  }
  if (target.kind == AccessTarget::element)
    record(target, lvalue, false, where);
  else if (target.kind == AccessTarget::global)
    read_variable(target.decl, where);
  else if (target.kind == AccessTarget::unknown)
    unfollowed_reads(lvalue, where);
}

// A read ferry cannot trace to an element may still be of a buffer the
// address mentions: it counts as a read anywhere in each, so that the
// buffer is mapped and the rules see it.
void LoopChecker::unfollowed_reads(tree expression, location_t where) {
  for (const BufferParam &buffer : k_.buffers)
    if (mentions(expression, buffer.decl)) {
      if (buffer.ownership == Ownership::shared_mut) {
        report_shared_read(buffer, where);
        continue;
      }
      BufferAccess access;
      access.location = where;
      access.size = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
      note_access(buffer, access, true);
    }
}

void LoopChecker::read_variable(tree decl, location_t where) {
  if (!(TREE_STATIC(decl) || DECL_EXTERNAL(decl)) || TREE_READONLY(decl) ||
      DECL_THREAD_LOCAL_P(decl) || !reported_variables_.insert(decl).second)
    return;
  fail(where,
       "kernel %qD reads %qD, a global the host may change; the device "
       "has no up-to-date copy",
       k_.fndecl, decl);
  inform(DECL_SOURCE_LOCATION(decl),
         "pass it as a parameter, or declare it %<const%>");
}

void LoopChecker::report_read_before_write(const BufferParam &buffer,
                                           const BufferAccess &access) {
  if (!reported_contract_.insert(buffer.index).second)
    return;
  if (k_.region) {
    report_region_unset_read(buffer, access);
    return;
  }
  auto_diagnostic_group group;
  fail(access.location,
       "this read of %qD comes before the iteration has written that "
       "element on every path",
       buffer.decl);
  if (access.helper)
    inform(access.helper_location, "%qD makes the read here", access.helper);
  note_contract(buffer);
  if (buffer.ownership == Ownership::out)
    inform(DECL_SOURCE_LOCATION(buffer.decl),
           "declare it %<ferry::borrow_mut(%s)%> if the kernel updates "
           "values the caller gave it",
           buffer.length_text.c_str());
  else
    inform(access.location,
           "write the element earlier in the same iteration, or write all "
           "of %qD in an earlier loop of the kernel",
           buffer.decl);
}

bool check_ownership(const Kernel &kernel, KernelFacts *facts) {
  facts->uses.assign(kernel.buffers.size(), BufferUse{});
  facts->loops.assign(kernel.loops.size(), LoopFacts{});
  // The checker silences the notes of what it cannot show in a region.
  const bool notes_inhibited = global_dc->inhibit_notes_p;
  bool ok = true;
  std::vector<bool> written_whole(kernel.buffers.size(), false);
  std::set<tree> assigned;
  collect_assigned(function_statements(kernel.fndecl), &assigned);
  for (std::size_t i = 0; i < kernel.loops.size(); ++i)
    ok = LoopChecker(kernel, kernel.loops[i], facts, &facts->loops[i],
                     &written_whole, assigned)
             .run() &&
         ok;
  global_dc->inhibit_notes_p = notes_inhibited;
  // An out buffer is copied back whole; one the kernel never writes would
  // bring back what the device memory held.
  for (const BufferParam &buffer : kernel.buffers)
    if (buffer.ownership == Ownership::out &&
        !facts->uses[buffer.index].written && !facts->uses[buffer.index].read) {
      auto_diagnostic_group group;
      ok = false;
      facts->certain_mistake = true;
      if (kernel.quiet)
        continue;
      if (kernel.region) {
        report_region_unwritten(kernel, buffer);
        continue;
      }
      error_at(DECL_SOURCE_LOCATION(buffer.decl),
               "%qD is declared %<ferry::out%>, but kernel %qs never writes it",
               buffer.decl, kernel.name().c_str());
      inform(DECL_SOURCE_LOCATION(buffer.decl),
             "an out buffer is copied back whole; use %<ferry::borrow%> if the "
             "kernel only reads it, or remove the parameter");
    }
  return ok;
}

} // namespace ferry
