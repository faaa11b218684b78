// SPDX-License-Identifier: GPL-3.0-or-later
// Checks the ownership rules in the loops of a kernel (see
// ownership_check.h and doc/rules.md).
//
// Every memory access in a loop body is traced back to what it touches: an
// element of a buffer parameter (at a byte offset, an affine expression of
// the loop variables when it can be), a variable private to the iteration,
// or something shared (a scalar parameter, a kernel local, a global).  The
// rules then follow from the kind of thing and the buffer's ownership.
#include "ownership_check.h"

#include "attributes.h"
#include "definite_writes.h"
#include "device_functions.h"
#include "helper_effects.h"
#include "subscript_analysis.h"
#include "tree_utils.h"

#include <algorithm>
#include <map>
#include <set>

namespace ferry {

namespace {

// What an lvalue or a pointer refers to.
struct Target {
  enum Kind { element, private_var, loop_var, shared_var, global, unknown };
  Kind kind = unknown;
  const BufferParam *buffer = nullptr;
  tree offset = NULL_TREE; // bytes from the buffer's start, or NULL_TREE
  tree decl = NULL_TREE;
};

struct Access {
  AffineOffset offset;
  tree size = NULL_TREE;
  bool write = false;
  // Made by every iteration (not under a condition): its reach is checked
  // at the launch; a guarded one, as in[i - 1] under i > 0, may lie
  // outside what the loop reaches.
  bool every_path = false;
  location_t location = UNKNOWN_LOCATION;
  // For an access a helper makes: where, and which helper.
  location_t helper_location = UNKNOWN_LOCATION;
  tree helper = NULL_TREE;
};

class LoopChecker {
public:
  // WRITTEN_WHOLE: per buffer, whether an earlier loop wrote all of it;
  // updated for the loops after this one.
  // ASSIGNED_PARAMS: the parameters the kernel assigns anywhere.
  LoopChecker(const Kernel &kernel, const ParallelLoop &loop,
              KernelFacts *facts, LoopFacts *loop_facts,
              std::vector<bool> *written_whole,
              const std::set<tree> &assigned_params)
      : k_(kernel), loop_(loop), facts_(facts), loop_facts_(loop_facts),
        written_whole_(written_whole), assigned_params_(assigned_params),
        accesses_(kernel.buffers.size()),
        definite_(kernel.buffers.size()), current_location_(loop.location) {
    for (const LoopLevel &level : loop.levels) {
      IndexVariable v;
      v.var = level.var;
      v.lower = level.lower;
      v.bound = level.bound;
      v.parallel = true;
      index_vars_.push_back(v);
    }
  }

  bool run() {
    tree body = loop_.body;
    collect_reassigned(&body);
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

private:
  // ------------------------------------------------------------ walking

  // Locals that are assigned after their declaration, or whose address is
  // taken: their initialiser does not say what they point to.
  void collect_reassigned(tree *body) { collect_assigned(body, &reassigned_); }

  void walk(tree *node) { cp_walk_tree_without_duplicates(node, visit, this); }

  void reject_lambda(location_t where) {
    fail(where,
         "lambda expressions inside kernel %qD are not supported; "
         "call a named helper function",
         k_.fndecl);
  }

  static tree visit(tree *node, int *walk_subtrees, void *data) {
    return static_cast<LoopChecker *>(data)->visit_node(node, walk_subtrees);
  }

  tree visit_node(tree *node, int *walk_subtrees) {
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    location_t where = location_or(t, current_location_);
    if (EXPR_P(t) && EXPR_HAS_LOCATION(t))
      current_location_ = EXPR_LOCATION(t);
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
    case MODIFY_EXPR:
    case INIT_EXPR:
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      update(t, where);
      *walk_subtrees = 0;
      return NULL_TREE;
    case INDIRECT_REF:
    case ARRAY_REF:
    case MEM_REF:
    case COMPONENT_REF:
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
  void walk_address_parts(tree lvalue) {
    lvalue = tree_strip_any_location_wrapper(lvalue);
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
      break;
    }
  }

  // A pointer expression: addresses of elements inside it are not reads.
  void walk_pointer(tree pointer) {
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

  void declare(tree decl, location_t where) {
    if (!VAR_P(decl))
      return;
    if (TREE_STATIC(decl) || DECL_EXTERNAL(decl)) {
      // Reported once, here, not again at each use.
      if (!TREE_READONLY(decl) && reported_globals_.insert(decl).second) {
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
  void inner_loop(tree for_statement) {
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
    walk(&FOR_BODY(for_statement));
    walk(&FOR_EXPR(for_statement));
    settle_writes();
    --breakable_depth_;
    conditional_ -= every_value ? 0 : 1;
    continued_ = continued_before;
    if (every_value)
      definite_.close_loop(closing, index_vars_);
  }

  // Whether STATEMENT assigns or increments VAR, or takes its address.
  static bool assigns(tree statement, tree var) {
    std::set<tree> assigned;
    collect_assigned(&statement, &assigned);
    return assigned.count(var) != 0;
  }

  static bool leaves_early(tree statement) {
    struct Search {
      static tree visit(tree *node, int *walk_subtrees, void *) {
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        const tree_code code = TREE_CODE(*node);
        return code == BREAK_STMT || code == CONTINUE_STMT ||
                       code == GOTO_EXPR || code == RETURN_EXPR
                   ? *node
                   : NULL_TREE;
      }
    };
    return cp_walk_tree_without_duplicates(&statement, Search::visit, nullptr);
  }

  // Both arms of an `if` are walked from the same writes; what both write
  // is written on every path.
  void if_statement(tree t) {
    walk(&IF_COND(t));
    settle_writes();
    const DefiniteWrites::State before = definite_.save();
    const bool continued_before = continued_;
    ++arms_;
    walk(&THEN_CLAUSE(t));
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

  // ------------------------------------------------------------ tracing

  bool is_parallel_var(tree decl) const {
    for (const LoopLevel &level : loop_.levels)
      if (level.var == decl)
        return true;
    return false;
  }

  // OFFSET (bytes from a buffer) as the subscript analysis reads it, with
  // each integer local of the loop that is never assigned after its
  // initialisation standing for that initialisation, as a `const` one does
  // (`int base = i * m; y[base + j]`, as C codes write it).
  AffineOffset affine(tree offset) const {
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
    return affine_offset(copy, index_vars_);
  }

  // A variable whose value never changes after its initialisation: a
  // reference, or a local pointer never assigned again.
  tree single_definition(tree decl) const {
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

  Target trace_pointer(tree pointer, int depth = 0) const {
    Target target;
    if (depth > 16)
      return target;
    pointer = strip_value_wrappers(pointer);
    switch (TREE_CODE(pointer)) {
    case PARM_DECL:
      if (const BufferParam *buffer = k_.buffer_for(pointer)) {
        target.kind = Target::element;
        target.buffer = buffer;
        target.offset = size_zero_node;
      }
      return target;
    case VAR_DECL:
      if (const BufferParam *buffer = k_.buffer_for(pointer)) {
        target.kind = Target::element;
        target.buffer = buffer;
        target.offset = size_zero_node;
        return target;
      }
      if (tree definition = single_definition(pointer))
        return trace_pointer(definition, depth + 1);
      return target;
    case POINTER_PLUS_EXPR: {
      target = trace_pointer(TREE_OPERAND(pointer, 0), depth + 1);
      if (target.kind == Target::element && target.offset)
        target.offset =
            fold_build2(PLUS_EXPR, sizetype, target.offset,
                        fold_convert(sizetype, TREE_OPERAND(pointer, 1)));
      return target;
    }
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

  // Whether CALL is one of std::array's element accessors (operator[], at,
  // front, back, data), which return a reference or pointer into the
  // object their first argument points to.
  static bool is_array_element_access(tree call) {
    tree callee = cp_get_callee_fndecl_nofold(call);
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

  Target classify(tree lvalue, int depth = 0) const {
    Target target;
    if (depth > 16)
      return target;
    lvalue = tree_strip_any_location_wrapper(lvalue);
    switch (TREE_CODE(lvalue)) {
    case INDIRECT_REF:
      return trace_pointer(TREE_OPERAND(lvalue, 0), depth + 1);
    case MEM_REF: {
      target = trace_pointer(TREE_OPERAND(lvalue, 0), depth + 1);
      if (target.kind == Target::element && target.offset)
        target.offset =
            fold_build2(PLUS_EXPR, sizetype, target.offset,
                        fold_convert(sizetype, TREE_OPERAND(lvalue, 1)));
      return target;
    }
    case ARRAY_REF: {
      target = classify(TREE_OPERAND(lvalue, 0), depth + 1);
      if (target.kind == Target::element && target.offset) {
        tree element = TYPE_SIZE_UNIT(TREE_TYPE(lvalue));
        tree index = fold_convert(sizetype, TREE_OPERAND(lvalue, 1));
        target.offset =
            fold_build2(PLUS_EXPR, sizetype, target.offset,
                        fold_build2(MULT_EXPR, sizetype, index, element));
      }
      return target;
    }
    case COMPONENT_REF: {
      target = classify(TREE_OPERAND(lvalue, 0), depth + 1);
      tree field = TREE_OPERAND(lvalue, 1);
      if (target.kind == Target::element && target.offset) {
        tree position =
            TREE_CODE(field) == FIELD_DECL ? byte_position(field) : NULL_TREE;
        target.offset =
            position && TREE_CODE(position) == INTEGER_CST
                ? fold_build2(PLUS_EXPR, sizetype, target.offset, position)
                : NULL_TREE;
      }
      return target;
    }
    case VAR_DECL:
      target.decl = lvalue;
      if (TREE_STATIC(lvalue) || DECL_EXTERNAL(lvalue))
        target.kind = Target::global;
      else if (is_parallel_var(lvalue))
        target.kind = Target::loop_var;
      else if (TYPE_REF_P(TREE_TYPE(lvalue)))
        target.kind = Target::unknown;
      else if (private_vars_.count(lvalue))
        target.kind = Target::private_var;
      else
        target.kind = Target::shared_var;
      return target;
    case PARM_DECL:
    case RESULT_DECL:
      target.decl = lvalue;
      target.kind = Target::shared_var;
      return target;
    case COMPOUND_EXPR:
      return classify(TREE_OPERAND(lvalue, 1), depth + 1);
    case TARGET_EXPR:
      target.kind = Target::private_var;
      return target;
    default:
      return target;
    }
  }

  // ------------------------------------------------------------ rules

  void record(const Target &target, tree lvalue, bool write, location_t where) {
    Access access;
    access.write = write;
    access.every_path = unguarded();
    access.location = where;
    access.size = TYPE_SIZE_UNIT(TREE_TYPE(lvalue));
    if (target.offset)
      access.offset = affine(target.offset);
    note_access(*target.buffer, access, !write || on_every_path());
  }

  // Rule 2 sees every access; the out/scratch contract sees reads, and the
  // writes that happen on every path (DEFINITE).
  void note_access(const BufferParam &buffer, const Access &access,
                   bool definite) {
    accesses_[buffer.index].push_back(access);
    BufferUse &use = facts_->uses[buffer.index];
    (access.write ? use.written : use.read) = true;
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

  bool on_every_path() const { return conditional_ == 0 && !continued_; }
  // Not even in an arm of an if.
  bool unguarded() const { return on_every_path() && arms_ == 0; }

  // The writes of the statement just walked count for the statements after
  // it (a statement's own reads come before its writes: y[i] = y[i] + 1).
  void settle_writes() {
    for (const auto &[index, span] : pending_writes_)
      definite_.add(index, span);
    pending_writes_.clear();
  }

  void note_parameter(const BufferParam &buffer) {
    inform(DECL_SOURCE_LOCATION(buffer.decl), "%qD is declared %<ferry::%s%>",
           buffer.decl, ownership_name(buffer.ownership));
  }

  void store(tree lvalue, location_t where) {
    Target target = classify(lvalue);
    switch (target.kind) {
    case Target::element:
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
    case Target::private_var:
      return;
    case Target::loop_var:
      fail(where, "the loop variable %qD is modified inside the loop",
           target.decl);
      return;
    case Target::shared_var: {
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
    case Target::global:
      if (!reported_globals_.insert(target.decl).second)
        return;
      fail(where, "kernel %qD writes %qD, which is not one of its parameters",
           k_.fndecl, target.decl);
      inform(DECL_SOURCE_LOCATION(target.decl),
             "pass the data as a pointer parameter with an ownership "
             "attribute");
      return;
    case Target::unknown:
      fail(where, "ferry cannot tell what this assignment writes");
      inform(where, "write through a pointer parameter of the kernel, or a "
                    "local pointer initialised once from one");
      return;
    }
  }

  // A pointer into a buffer must not be stored where ferry cannot follow it.
  void store_escape_check(tree decl, tree value, location_t where) {
    if (!POINTER_TYPE_P(TREE_TYPE(decl)) && !TYPE_REF_P(TREE_TYPE(decl)))
      return;
    Target pointee = trace_pointer(value);
    if (pointee.kind == Target::element &&
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
  void update(tree t, location_t where) {
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
    Target target = classify(lvalue);
    if (target.kind == Target::shared_var && is_kernel_local(target.decl) &&
        reduction(t, target.decl, where))
      return;
    if (target.kind == Target::element &&
        target.buffer->ownership == Ownership::shared_mut) {
      atomic_update(t, target, where);
      return;
    }
    store(lvalue, where);
    if (increment)
      load(lvalue, where);
    walk_address_parts(lvalue);
    if (!increment)
      walk(&TREE_OPERAND(t, 1));
  }

  bool is_kernel_local(tree decl) const {
    return VAR_P(decl) && DECL_CONTEXT(decl) == k_.fndecl &&
           !TREE_STATIC(decl) && !DECL_EXTERNAL(decl) &&
           !private_vars_.count(decl) && !is_parallel_var(decl) &&
           !TYPE_REF_P(TREE_TYPE(decl));
  }

  // Recognises T as a reduction into VAR and records it; false if T is not
  // one of the reduction forms.
  bool reduction(tree t, tree var, location_t where) {
    tree_code op = ERROR_MARK;
    tree operand = NULL_TREE;
    bool keeps_accumulator = true;
    if (!match_reduction(t, var, &op, &operand, &keeps_accumulator))
      return false;
    if (!keeps_accumulator && HONOR_NANS(TREE_TYPE(var))) {
      auto_diagnostic_group group;
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
    if (operand)
      walk(&operand);
    return true;
  }

  // Rule 2 does not apply to shared_mut: iterations may update the same
  // element, and each update becomes atomic.  That needs the update to be a
  // statement of its own, on a number.
  void atomic_update(tree t, const Target &target, location_t where) {
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

  // A plain store whose element does not move with some parallel loop
  // variable is made by many iterations; unless they all store the same
  // value, which one remains depends on their order.  Stores through an
  // index list (x[perm[i]] = v) are trusted: doc/rules.md says why.
  bool stores_race(const Target &target, tree value) const {
    if (is_invariant(value, index_vars_) || !target.offset)
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
  void check_reduction_uses() {
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

  void report_shared_read(const BufferParam &buffer, location_t where) {
    auto_diagnostic_group group;
    fail(where, "this read of %qD sees other iterations' updates in progress",
         buffer.decl);
    inform(where,
           "the elements of a %<ferry::shared_mut%> buffer can only be "
           "updated inside the loop, as in %<%E[k] += v;%>",
           DECL_NAME(buffer.decl));
  }

  void load(tree lvalue, location_t where) {
    Target target = classify(lvalue);
    if (target.kind == Target::element &&
        target.buffer->ownership == Ownership::shared_mut) {
      report_shared_read(*target.buffer, where);
      return;
    }
    if (target.kind == Target::element)
      record(target, lvalue, false, where);
    else if (target.kind == Target::global)
      read_variable(target.decl, where);
    else if (target.kind == Target::unknown)
      unfollowed_reads(lvalue, where);
  }

  // A read ferry cannot trace to an element may still be of a buffer the
  // address mentions: it counts as a read anywhere in each, so that the
  // buffer is mapped and the rules see it.
  void unfollowed_reads(tree expression, location_t where) {
    for (const BufferParam &buffer : k_.buffers)
      if (mentions(expression, buffer.decl)) {
        if (buffer.ownership == Ownership::shared_mut) {
          report_shared_read(buffer, where);
          continue;
        }
        Access access;
        access.location = where;
        access.size = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
        note_access(buffer, access, true);
      }
  }

  void read_variable(tree decl, location_t where) {
    if (!(TREE_STATIC(decl) || DECL_EXTERNAL(decl)) || TREE_READONLY(decl) ||
        DECL_THREAD_LOCAL_P(decl) || !reported_globals_.insert(decl).second)
      return;
    fail(where,
         "kernel %qD reads %qD, a global the host may change; the device "
         "has no up-to-date copy",
         k_.fndecl, decl);
    inform(DECL_SOURCE_LOCATION(decl),
           "pass it as a parameter, or declare it %<const%>");
  }

  void call(tree call_expression, location_t where) {
    tree callee = cp_get_callee_fndecl_nofold(call_expression);
    if (!callee) {
      auto_diagnostic_group group;
      fail(where,
           "kernel %qD calls through a function pointer or a virtual "
           "function; the device needs to know the callee",
           k_.fndecl);
      inform(where, "call a function by name; to choose one at the call "
                    "site, make the kernel a template over a function "
                    "object");
      return;
    }
    if (std::none_of(facts_->callees.begin(), facts_->callees.end(),
                     [&](const auto &c) { return c.first == callee; }))
      facts_->callees.emplace_back(callee, where);
    // Pointers and references into buffers handed to a callee: what the
    // callee does through them counts as done here.
    const int count = call_expr_nargs(call_expression);
    for (int i = 0; i < count; ++i) {
      tree argument = CALL_EXPR_ARG(call_expression, i);
      Target target = trace_pointer(argument);
      if (target.kind == Target::element)
        helper_accesses(call_expression, callee, i, target,
                        location_or(argument, where));
      else if (INDIRECT_TYPE_P(TREE_TYPE(argument)))
        unfollowed_argument(callee, i, argument, location_or(argument, where));
    }
  }

  // Whether parameter INDEX of CALLEE points to const.
  // The fix for a helper that only reads through parameter INDEX, but
  // whose parameter is not a pointer to const: a note at the parameter
  // with a fix-it that adds the const.  False when there is no such
  // parameter to point at.
  static bool suggest_const(tree callee, unsigned index) {
    tree parm = chain_index(index, DECL_ARGUMENTS(callee));
    if (!parm || !INDIRECT_TYPE_P(TREE_TYPE(parm)))
      return false;
    location_t name = DECL_SOURCE_LOCATION(parm);
    rich_location fix(line_table, name);
    // `double *p` -> `double const *p`: the const goes before the `*` or
    // `&` of the declarator, whatever spacing the user chose.
    expanded_location at = expand_location(name);
    char_span line = at.file ? location_get_source_line(at.file, at.line)
                             : char_span(nullptr, 0);
    int column = at.column - 1; // 1-based column of the character before
    while (line && column > 0 &&
           (line[column - 1] == ' ' || line[column - 1] == '\t'))
      --column;
    if (line && column > 1 && column <= static_cast<int>(line.length()) &&
        (line[column - 1] == '*' || line[column - 1] == '&')) {
      const bool spaced = line[column - 2] == ' ' || line[column - 2] == '\t';
      fix.add_fixit_insert_before(source_location_at(name, at.line, column),
                                  spaced ? "const " : " const");
    }
    inform(&fix,
           "if %qD only reads through %qD, make it a pointer to const, in "
           "its declarations too (a definition that differs from them is "
           "another overload); ferry then lets it read in any way",
           callee, parm);
    return true;
  }

  static bool reads_only_through(tree callee, unsigned index) {
    tree parm_types = chain_index(index, TYPE_ARG_TYPES(TREE_TYPE(callee)));
    tree parm_type = parm_types ? TREE_VALUE(parm_types) : NULL_TREE;
    return parm_type && INDIRECT_TYPE_P(parm_type) &&
           TYPE_READONLY(TREE_TYPE(parm_type));
  }

  // A pointer into a buffer that ferry cannot trace to an element: a
  // helper may only read through it.
  void unfollowed_argument(tree callee, unsigned index, tree argument,
                           location_t where) {
    const bool read_only = reads_only_through(callee, index);
    for (const BufferParam &buffer : k_.buffers) {
      if (!mentions(argument, buffer.decl))
        continue;
      if (!read_only) {
        auto_diagnostic_group group;
        fail(where,
             "%qD gets a pointer into %qD that ferry cannot follow to an "
             "element, so it may write any element",
             callee, buffer.decl);
        if (!suggest_const(callee, index))
          inform(where, "compute the subscript into a local first");
        continue;
      }
      unfollowed_reads(argument, where);
    }
  }

  void helper_accesses(tree call_expression, tree callee, unsigned index,
                       const Target &target, location_t where) {
    const BufferParam &buffer = *target.buffer;
    const HelperEffects &effects = helper_effects(callee, index);
    const bool read_only = reads_only_through(callee, index);
    const bool untracked = effects.untracked != UNKNOWN_LOCATION;
    const HelperAccess *write = nullptr;
    for (const HelperAccess &access : effects.accesses)
      if (access.write && !write)
        write = &access;
    if (untracked && !read_only && !visible_body(callee)) {
      // XSBench: a `const` added to the definition only makes it another
      // overload, and the call binds to the declaration.
      auto_diagnostic_group group;
      fail(where,
           "%qD is passed to %qD, which is declared but not defined in this "
           "translation unit, so ferry cannot see what it does with it",
           buffer.decl, callee);
      inform(DECL_SOURCE_LOCATION(callee),
             "the call binds to this declaration; if the definition has "
             "other parameter types (a pointer to const, say), make the "
             "declaration the same, or define %qD in this file",
             callee);
      return;
    }
    if (untracked && !read_only) {
      auto_diagnostic_group group;
      fail(where,
           "%qD is passed to %qD, which uses the pointer in a way ferry "
           "cannot follow, so it may write any element",
           buffer.decl, callee);
      if (effects.untracked != DECL_SOURCE_LOCATION(effects.untracked_function))
        inform(effects.untracked, "here, in %qD", effects.untracked_function);
      if (!suggest_const(callee, index))
        inform(where,
               "ferry follows the writes of a helper through a pointer or "
               "reference parameter at constant offsets from it");
      return;
    }
    if (write && buffer.ownership == Ownership::borrow) {
      auto_diagnostic_group group;
      fail(where, "%qD is borrowed read-only, but %qD writes it", buffer.decl,
           write->function);
      inform(write->location, "the write");
      note_parameter(buffer);
      return;
    }
    if (write && buffer.ownership == Ownership::shared_mut) {
      auto_diagnostic_group group;
      fail(where,
           "%qD writes %qD, which is shared; updates of a shared_mut buffer "
           "must be atomic updates written in the kernel itself",
           write->function, buffer.decl);
      inform(write->location, "the write");
      return;
    }
    tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
    auto add = [&](const HelperAccess *access) {
      Access a;
      a.location = where;
      a.write = access && access->write;
      a.every_path = access && access->unconditional && unguarded();
      // What the helper's counted loops sweep counts as one access.
      a.size = access && access->size >= 0
                   ? size_int(access->size + access->sweep)
                   : element;
      if (access && access->constant_offset && target.offset)
        if (tree offset = helper_offset(call_expression, target, *access))
          a.offset = affine(offset);
      if (access) {
        a.helper_location = access->location;
        a.helper = access->function;
      }
      // The helper's reads are checked against the writes before the call.
      note_access(buffer, a,
                  !a.write || (access->unconditional && on_every_path()));
    };
    for (const HelperAccess &access : effects.accesses)
      add(&access);
    if (untracked)
      add(nullptr); // a read anywhere
  }

  // Where ACCESS of a helper lies, from the buffer's start, in bytes: the
  // helper's multiples of its integer parameters become multiples of the
  // call's arguments (e[group * 4 + l] called with group = g).
  static tree helper_offset(tree call_expression, const Target &target,
                            const HelperAccess &access) {
    tree offset = fold_build2(PLUS_EXPR, sizetype, target.offset,
                              size_int(access.offset));
    for (const auto &[parameter, bytes] : access.terms) {
      if (parameter >= static_cast<unsigned>(call_expr_nargs(call_expression)))
        return NULL_TREE;
      tree argument = CALL_EXPR_ARG(call_expression, parameter);
      if (!INTEGRAL_TYPE_P(TREE_TYPE(argument)))
        return NULL_TREE;
      offset = fold_build2(PLUS_EXPR, sizetype, offset,
                           fold_build2(MULT_EXPR, sizetype,
                                       fold_convert(sizetype, argument),
                                       size_int(bytes)));
    }
    return offset;
  }

  void note_contract(const BufferParam &buffer) {
    if (buffer.ownership == Ownership::out)
      inform(DECL_SOURCE_LOCATION(buffer.decl),
             "%qD is declared %<ferry::out%>: nothing is copied to the device "
             "for it, so the kernel must write every element before reading "
             "it",
             buffer.decl);
    else
      inform(DECL_SOURCE_LOCATION(buffer.decl),
             "%qD is declared %<ferry::scratch%>: device-only storage that "
             "starts with no values",
             buffer.decl);
  }

  void report_read_before_write(const BufferParam &buffer,
                                const Access &access) {
    if (!reported_contract_.insert(buffer.index).second)
      return;
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

  // An out buffer is copied back whole, so the loop that first writes it
  // must write every element on every path; a scratch buffer written whole
  // can be read by the loops after.
  void check_write_coverage() {
    for (const BufferParam &buffer : k_.buffers) {
      const std::vector<Access> &list = accesses_[buffer.index];
      auto first_write = std::find_if(list.begin(), list.end(),
                                      [](const Access &a) { return a.write; });
      if (!definite_.tracked(buffer.index) || first_write == list.end() ||
          reported_contract_.count(buffer.index))
        continue;
      const std::vector<ByteSpan> &writes = definite_.writes(buffer.index);
      tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
      Coverage coverage;
      if (!writes.empty())
        coverage = write_coverage(writes, element, buffer.length, index_vars_);
      if (coverage.kind == Coverage::whole) {
        (*written_whole_)[buffer.index] = true;
        continue;
      }
      if (buffer.ownership != Ownership::out || !ok_)
        continue;
      auto_diagnostic_group group;
      fail(loop_.location,
           "this loop does not write every element of %qD on every path, but "
           "%qD is declared %<ferry::out(%s)%>",
           buffer.decl, buffer.decl, buffer.length_text.c_str());
      if (writes.empty())
        inform(first_write->location,
               "this write does not happen on every path: it is under a "
               "condition, in a loop that may end early, or after a "
               "%<continue%>");
      else if (coverage.kind == Coverage::gaps_inside)
        inform(writes.front().location,
               "each iteration writes only part of the elements it owns");
      else if (coverage.kind == Coverage::gaps_between)
        inform(writes.front().location,
               "the writes of successive iterations leave elements between them "
               "unwritten");
      else if (coverage.first_known && coverage.first != 0)
        inform(writes.front().location,
               "the writes start at element %wd, not at element 0",
               coverage.first);
      else if (coverage.end_known && coverage.end_minus_length < 0)
        inform_n(writes.front().location, -coverage.end_minus_length,
                 "the writes stop %wd element short of the length %qs",
                 "the writes stop %wd elements short of the length %qs",
                 -coverage.end_minus_length, buffer.length_text.c_str());
      else if (coverage.end_known)
        inform_n(writes.front().location, coverage.end_minus_length,
                 "the writes go %wd element past the length %qs",
                 "the writes go %wd elements past the length %qs",
                 coverage.end_minus_length, buffer.length_text.c_str());
      else
        inform(writes.front().location,
               "ferry cannot show that the writes end at the length %qs",
               buffer.length_text.c_str());
      note_contract(buffer);
      inform(DECL_SOURCE_LOCATION(buffer.decl),
             "declare it %<ferry::borrow_mut(%s)%> if some elements keep the "
             "values the caller gave them, or give it the length the loop writes",
             buffer.length_text.c_str());
    }
  }

  // ------------------------------------------------------------ reaches

  // Whether T can be computed before the launch: constants and parameters
  // the kernel never assigns.
  bool computable_at_launch(tree t) const {
    if (!is_invariant(t, {}))
      return false;
    for (const BufferParam &buffer : k_.buffers)
      if (mentions(t, buffer.decl))
        return false;
    return std::none_of(assigned_params_.begin(), assigned_params_.end(),
                        [&](tree param) { return mentions(t, param); });
  }

  static tree as_long_long(tree t) {
    return fold_convert(long_long_integer_type_node, unshare_expr(t));
  }

  // What each buffer's affine accesses reach over the loop's ranges, when
  // the ranges are known at the launch.
  void compute_reaches() {
    tree type = long_long_integer_type_node;
    tree none_first = TYPE_MAX_VALUE(type), none_end = TYPE_MIN_VALUE(type);
    for (const BufferParam &buffer : k_.buffers) {
      tree first = NULL_TREE, end = NULL_TREE;
      for (const Access &access : accesses_[buffer.index]) {
        const AffineOffset &offset = access.offset;
        if (!access.every_path || !offset.affine || !access.size ||
            !computable_at_launch(offset.constant))
          continue;
        tree runs = boolean_true_node;
        tree low = as_long_long(offset.constant);
        tree high = fold_build2(PLUS_EXPR, type, low, as_long_long(access.size));
        bool known = true;
        for (const auto &[var, coefficient] : offset.terms) {
          auto v = std::find_if(index_vars_.begin(), index_vars_.end(),
                                [&](const IndexVariable &i) { return i.var == var; });
          if (v == index_vars_.end() || !computable_at_launch(v->lower) ||
              !computable_at_launch(v->bound) ||
              !computable_at_launch(coefficient)) {
            known = false;
            break;
          }
          tree lower = as_long_long(v->lower), bound = as_long_long(v->bound);
          runs = fold_build2(TRUTH_ANDIF_EXPR, boolean_type_node, runs,
                             fold_build2(LT_EXPR, boolean_type_node, lower,
                                         bound));
          tree c = as_long_long(coefficient);
          tree at_lower = fold_build2(MULT_EXPR, type, c, lower);
          tree at_last = fold_build2(
              MULT_EXPR, type, c,
              fold_build2(MINUS_EXPR, type, bound, build_one_cst(type)));
          low = fold_build2(PLUS_EXPR, type, low,
                            fold_build2(MIN_EXPR, type, at_lower, at_last));
          high = fold_build2(PLUS_EXPR, type, high,
                             fold_build2(MAX_EXPR, type, at_lower, at_last));
        }
        if (!known)
          continue;
        low = fold_build3(COND_EXPR, type, runs, low, none_first);
        high = fold_build3(COND_EXPR, type, unshare_expr(runs), high, none_end);
        first = first ? fold_build2(MIN_EXPR, type, first, low) : low;
        end = end ? fold_build2(MAX_EXPR, type, end, high) : high;
      }
      if (first)
        facts_->reaches.push_back(Reach{&buffer, first, end, loop_.location});
    }
  }

  // Rule 2: in a loop that writes a buffer, every access to it must be to
  // the elements the iteration owns.
  void check_races() {
    for (const BufferParam &buffer : k_.buffers) {
      if (buffer.ownership == Ownership::shared_mut)
        continue;
      const std::vector<Access> &list = accesses_[buffer.index];
      bool written = std::any_of(list.begin(), list.end(),
                                 [](const Access &a) { return a.write; });
      if (!written)
        continue;
      tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
      const Access &first_write = *std::find_if(
          list.begin(), list.end(), [](const Access &a) { return a.write; });
      tree span_start = owned_span_start(list, element);
      for (const Access &access : list) {
        OwnershipFailure why;
        if (!is_owned_by_iteration(access.offset, element, access.size,
                                   span_start, index_vars_, &why)) {
          if (!leave_to_launch(buffer, list))
            report_race(buffer, access, why);
          break;
        }
        if (!same_parallel_terms(access.offset, first_write.offset,
                                 index_vars_)) {
          if (!leave_to_launch(buffer, list))
            report_mismatch(buffer, access, first_write);
          break;
        }
      }
    }
  }

  // Accesses whose disjointness only the launch's values decide: checked
  // there (launch_disjointness.h).
  bool leave_to_launch(const BufferParam &buffer,
                       const std::vector<Access> &list) {
    std::vector<LaunchAccess> accesses;
    for (const Access &access : list)
      accesses.push_back({access.offset, access.size, access.write,
                          access.location});
    DisjointCheck check;
    if (!ferry::leave_to_launch(
            buffer, loop_.location, accesses, index_vars_,
            [this](tree t) { return computable_at_launch(t); }, &check))
      return false;
    facts_->disjoint_checks.push_back(std::move(check));
    return true;
  }

  // Where, from its parallel terms, the span each iteration owns starts:
  // 0 (y[i], y[2 * i + 1]), or a shift that moves every access alike
  // (y[i - 1] over i = 1 .. n).
  tree owned_span_start(const std::vector<Access> &list, tree element) const {
    std::vector<tree> candidates{size_zero_node};
    for (const Access &access : list)
      if (access.offset.affine)
        candidates.push_back(access.offset.constant);
    for (tree start : candidates)
      if (std::all_of(list.begin(), list.end(), [&](const Access &access) {
            OwnershipFailure ignored;
            return is_owned_by_iteration(access.offset, element, access.size,
                                         start, index_vars_, &ignored);
          }))
        return start;
    return size_zero_node;
  }

  void report_race(const BufferParam &buffer, const Access &access,
                   const OwnershipFailure &why) {
    auto_diagnostic_group group;
    fail(access.location,
         "possible data race: this %s of %qD is not at an element that only "
         "the current iteration touches",
         access_kind(access), buffer.decl);
    explain_failure(why, access.location);
    note_collapse();
    suggest_own_elements(buffer, access);
  }

  // A nest ferry collapsed: every combination of its variables is one
  // iteration (after a loop interchange, say, the outer variable may not
  // move the access at all).
  void note_collapse() const {
    const std::vector<LoopLevel> &levels = loop_.levels;
    if (levels.size() == 2)
      inform(loop_.location,
             "ferry runs this nest as one parallel loop over %qD and %qD "
             "together: each pair of values is an iteration of its own, and "
             "must write elements no other pair writes",
             levels[0].var, levels[1].var);
    else if (levels.size() == 3)
      inform(loop_.location,
             "ferry runs this nest as one parallel loop over %qD, %qD and "
             "%qD together: each combination of values is an iteration of "
             "its own, and must write elements no other combination writes",
             levels[0].var, levels[1].var, levels[2].var);
  }

  // Both accesses pass alone but move differently with the parallel loop
  // variables, so one iteration's element is another's.
  void report_mismatch(const BufferParam &buffer, const Access &access,
                       const Access &write) {
    auto_diagnostic_group group;
    fail(access.location,
         "possible data race: this %s of %qD and the write of %qD on line "
         "%d can touch the same element in different iterations",
         access_kind(access), buffer.decl, buffer.decl,
         LOCATION_LINE(write.location));
    inform(write.location, "the write; its subscript moves differently with "
                           "the parallel loop variables");
    note_collapse();
    suggest_own_elements(buffer, access);
  }

  static const char *access_kind(const Access &access) {
    return access.write ? "write" : "read";
  }

  void suggest_own_elements(const BufferParam &buffer, const Access &access) {
    if (access.helper)
      inform(access.helper_location, "%qD makes the %s here", access.helper,
             access_kind(access));
    note_parameter(buffer);
    inform(access.location,
           "each iteration may only access its own elements, such as "
           "%<%E[%E]%>; use %<ferry::shared_mut%> if iterations really share "
           "elements",
           DECL_NAME(buffer.decl), DECL_NAME(loop_.levels.back().var));
  }

  static void explain_failure(const OwnershipFailure &why, location_t where) {
    switch (why.kind) {
    case OwnershipFailure::not_affine:
      inform(where, "the subscript is not a sum of loop variables times "
                    "sizes that do not change in the loop");
      break;
    case OwnershipFailure::shifted:
      inform(where, "the subscript is shifted by whole elements, so it "
                    "reaches an element of another iteration");
      break;
    case OwnershipFailure::missing_index:
      inform(where,
             "the subscript does not depend on %qD, so all values of "
             "%qD touch the same element",
             why.variable, why.variable);
      break;
    case OwnershipFailure::stride_too_small:
      inform(where,
             "ferry cannot show that the stride of %qD covers the "
             "whole range of %qD; bound %qD by that stride, as in "
             "%<y[i*ld + j]%> with %<j < ld%>",
             why.variable, why.inner_variable, why.inner_variable);
      break;
    case OwnershipFailure::serial_outside:
      inform(where,
             "the inner loop variable %qD strides across the elements "
             "of other iterations",
             why.variable);
      break;
    case OwnershipFailure::decreasing:
      inform(where,
             "the subscript decreases as %qD grows, and ferry proves only "
             "subscripts that grow with each loop variable; to reverse, "
             "write %<out[%E] = in[n - 1 - %E]%> with %<in%> a "
             "%<ferry::borrow%> buffer",
             why.variable, DECL_NAME(why.variable), DECL_NAME(why.variable));
      break;
    case OwnershipFailure::none:
      break;
    }
  }

  template <typename... Args>
  void fail(location_t where, const char *format, Args... args) {
    error_at(where, format, args...);
    ok_ = false;
  }

  const Kernel &k_;
  const ParallelLoop &loop_;
  KernelFacts *facts_;
  LoopFacts *loop_facts_;
  std::vector<bool> *written_whole_;
  const std::set<tree> &assigned_params_;
  std::vector<std::vector<Access>> accesses_;
  DefiniteWrites definite_;
  std::vector<std::pair<unsigned, ByteSpan>> pending_writes_;
  std::set<unsigned> reported_contract_; // buffers with a contract error
  int conditional_ = 0;   // inside a branch, or a loop that may end early
  int arms_ = 0;          // inside an arm of an if
  bool continued_ = false; // a `continue` of this iteration may have run
  std::vector<IndexVariable> index_vars_;
  std::set<tree> private_vars_;
  std::set<tree> reassigned_;
  std::map<tree, tree> bindings_; // references bound after their declaration
  std::set<tree> reported_globals_;
  std::map<tree, location_t> local_reads_; // kernel locals read in the loop
  tree *statement_ = nullptr;              // the statement being walked
  location_t current_location_ = UNKNOWN_LOCATION;
  int breakable_depth_ = 0;
  bool ok_ = true;
};

} // namespace

bool check_ownership(const Kernel &kernel, KernelFacts *facts) {
  facts->uses.assign(kernel.buffers.size(), BufferUse{});
  facts->loops.assign(kernel.loops.size(), LoopFacts{});
  bool ok = true;
  std::vector<bool> written_whole(kernel.buffers.size(), false);
  std::set<tree> assigned;
  collect_assigned(function_statements(kernel.fndecl), &assigned);
  for (std::size_t i = 0; i < kernel.loops.size(); ++i)
    ok = LoopChecker(kernel, kernel.loops[i], facts, &facts->loops[i],
                     &written_whole, assigned)
             .run() &&
         ok;
  // An out buffer is copied back whole; one the kernel never writes would
  // bring back what the device memory held.
  for (const BufferParam &buffer : kernel.buffers)
    if (buffer.ownership == Ownership::out &&
        !facts->uses[buffer.index].written && !facts->uses[buffer.index].read) {
      auto_diagnostic_group group;
      error_at(DECL_SOURCE_LOCATION(buffer.decl),
               "%qD is declared %<ferry::out%>, but kernel %qs never writes it",
               buffer.decl, kernel.name().c_str());
      inform(DECL_SOURCE_LOCATION(buffer.decl),
             "an out buffer is copied back whole; use %<ferry::borrow%> if the "
             "kernel only reads it, or remove the parameter");
      ok = false;
    }
  return ok;
}

} // namespace ferry
