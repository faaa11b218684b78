// SPDX-License-Identifier: GPL-3.0-or-later
// Builds the Kernel model (kernel_model.h) of a [[ferry::kernel]] function.
//
// Input: the function's C++ front-end trees at PLUGIN_PRE_GENERICIZE and its
// ferry attributes.  Output: the parameters with ownership and lengths
// (rule 4 is checked here), the kernel options, and the top-level loops with
// their perfectly nested, rectangular levels.  A shape that cannot be
// offloaded is an error at its line, never a silent serial loop.
#include "kernel_model.h"

#include "../runtime/abi.h"
#include "argument_parser.h"
#include "attributes.h"
#include "kernel_views.h"
#include "tree_utils.h"

#include <cstring>

namespace ferry {

const char *ownership_name(Ownership ownership) {
  switch (ownership) {
  case Ownership::borrow:
    return "borrow";
  case Ownership::borrow_mut:
    return "borrow_mut";
  case Ownership::out:
    return "out";
  case Ownership::scratch:
    return "scratch";
  case Ownership::shared_mut:
    return "shared_mut";
  }
  return "?";
}

unsigned ownership_abi_value(Ownership ownership) {
  switch (ownership) {
  case Ownership::borrow:
    return FERRY_BORROW;
  case Ownership::borrow_mut:
    return FERRY_BORROW_MUT;
  case Ownership::out:
    return FERRY_OUT;
  case Ownership::scratch:
    return FERRY_SCRATCH;
  case Ownership::shared_mut:
    return FERRY_SHARED_MUT;
  }
  return FERRY_BORROW;
}

const BufferParam *Kernel::buffer_for(tree decl) const {
  for (const BufferParam &buffer : buffers)
    if (buffer.decl == decl)
      return &buffer;
  return nullptr;
}

std::string Kernel::name() const {
  // Scoped name with template arguments, without the signature.
  return lang_hooks.decl_printable_name(fndecl, 1);
}

bool ownership_from_name(const std::string &name, Ownership *out) {
  static const Ownership all[] = {Ownership::borrow, Ownership::borrow_mut,
                                  Ownership::out, Ownership::scratch,
                                  Ownership::shared_mut};
  for (Ownership ownership : all)
    if (name == ownership_name(ownership))
      return *out = ownership, true;
  return false;
}

bool read_ownership(const FerryAttribute &attribute, Ownership *out) {
  if (ownership_from_name(attribute.name, out))
    return true;
  error_at(attribute.location, "unknown ferry attribute %<ferry::%s%>",
           attribute.name.c_str());
  return false;
}

// Scalars are copied into the region; anything that holds a pointer would
// carry a host address onto the device.
bool is_copyable_scalar(tree type) {
  if (INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type) ||
      TREE_CODE(type) == COMPLEX_TYPE)
    return true;
  if (TREE_CODE(type) == ARRAY_TYPE)
    return is_copyable_scalar(TREE_TYPE(type));
  if (CLASS_TYPE_P(type) && COMPLETE_TYPE_P(type) &&
      trivially_copyable_p(type)) {
    for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field))
      if (TREE_CODE(field) == FIELD_DECL &&
          !is_copyable_scalar(TREE_TYPE(field)))
        return false;
    return true;
  }
  return false;
}

namespace {

const char *ownership_advice =
    "use %<[[ferry::borrow(n)]]%> if the kernel only reads it, "
    "%<[[ferry::borrow_mut(n)]]%> if each iteration updates its own "
    "elements, %<[[ferry::out(n)]]%> if they are only written, "
    "%<[[ferry::shared_mut(n)]]%> if iterations update shared elements, or "
    "%<[[ferry::scratch(n)]]%> for device-only storage";

class ModelBuilder {
public:
  ModelBuilder(tree fndecl, Kernel *kernel)
      : fndecl_(fndecl), k_(kernel), views_(fndecl) {
    k_->fndecl = fndecl;
    k_->location = DECL_SOURCE_LOCATION(fndecl);
  }

  bool build() {
    read_kernel_options();
    check_signature();
    for (tree parm = DECL_ARGUMENTS(fndecl_); parm; parm = DECL_CHAIN(parm))
      add_parameter(parm);
    for (BufferParam &buffer : k_->buffers)
      views_.rewrite_expression(&buffer.length);
    if (!ok_ || !views_.rewrite())
      return false;
    for (const ViewBuffer &view : views_.buffers())
      add_view(view);
    k_->setup = views_.setup();
    find_loops();
    return ok_;
  }

private:
  void read_kernel_options() {
    for (const FerryAttribute &attribute : ferry_attributes(fndecl_))
      if (attribute.name == "kernel" && attribute.has_arguments &&
          !parse_kernel_options(attribute.arguments, fndecl_,
                                attribute.arguments_location, &k_->options))
        ok_ = false;
  }

  void check_signature() {
    if (DECL_VIRTUAL_P(fndecl_)) {
      error_at(k_->location, "kernel %qD is virtual", fndecl_);
      inform(k_->location, "a kernel is called by name; make it a non-virtual "
                           "member or a free function");
      ok_ = false;
    }
  }

  void add_parameter(tree parm) {
    location_t where = DECL_SOURCE_LOCATION(parm);
    tree type = TREE_TYPE(parm);
    std::vector<FerryAttribute> owned;
    for (FerryAttribute &attribute : ferry_attributes(parm))
      if (attribute.name != "kernel")
        owned.push_back(std::move(attribute));

    if (KernelViews::takes(parm)) {
      if (!views_.add_root(parm, owned))
        ok_ = false;
      return;
    }
    if (TYPE_REF_P(type)) {
      error_at(where, "kernel parameter %qD is a reference to %qT", parm,
               TREE_TYPE(type));
      inform(where, "pass a number by value, or an array through a pointer "
                    "with an ownership attribute");
      ok_ = false;
      return;
    }
    if (!POINTER_TYPE_P(type)) {
      if (!owned.empty()) {
        error_at(owned[0].location,
                 "%<ferry::%s%> applies to pointer parameters, but %qD has "
                 "type %qT",
                 owned[0].name.c_str(), parm, type);
        inform(where, "remove the attribute: a number is passed by value, "
                      "each iteration reads its own copy");
        ok_ = false;
      } else if (!is_copyable_scalar(type)) {
        error_at(where,
                 "kernel parameter %qD of type %qT cannot be copied to the "
                 "device",
                 parm, type);
        inform(where, "pass plain numbers or structs of numbers by value, "
                      "and arrays through pointer parameters");
        ok_ = false;
      } else {
        k_->scalars.push_back(parm);
      }
      return;
    }

    if (TREE_CODE(TREE_TYPE(type)) == FUNCTION_TYPE ||
        TREE_CODE(TREE_TYPE(type)) == METHOD_TYPE) {
      error_at(where,
               "%qD is a function pointer; a kernel cannot call "
               "through it (rule 5)",
               parm);
      inform(where, "call a function defined in this file by name");
      ok_ = false;
      return;
    }
    if (owned.empty() && ARITHMETIC_TYPE_P(TREE_TYPE(type)) &&
        !used_in_loops(parm)) {
      k_->host_pointers.push_back(parm);
      return;
    }
    // Rule 4: every pointer parameter carries exactly one ownership.
    if (owned.empty()) {
      error_at(where,
               "pointer parameter %qD of kernel %qD has no ownership "
               "attribute",
               parm, fndecl_);
      inform(where, ownership_advice);
      ok_ = false;
      return;
    }
    if (owned.size() > 1) {
      error_at(owned[1].location,
               "parameter %qD has two ownership attributes, %<ferry::%s%> "
               "and %<ferry::%s%>",
               parm, owned[0].name.c_str(), owned[1].name.c_str());
      inform(where, "give each pointer parameter exactly one");
      ok_ = false;
      return;
    }
    const FerryAttribute &attribute = owned[0];
    BufferParam buffer;
    buffer.decl = parm;
    if (!read_ownership(attribute, &buffer.ownership)) {
      ok_ = false;
      return;
    }
    if (!element_is_copyable(parm, where)) {
      ok_ = false;
      return;
    }
    if (!attribute.has_arguments) {
      error_at(attribute.location,
               "%<ferry::%s%> needs the number of elements of %qD, as in "
               "%<[[ferry::%s(n)]]%>",
               attribute.name.c_str(), parm, attribute.name.c_str());
      ok_ = false;
      return;
    }
    buffer.length_text = attribute.arguments;
    buffer.length =
        parse_length(attribute.arguments, fndecl_, attribute.arguments_location,
                     attribute.name.c_str());
    if (!buffer.length) {
      ok_ = false;
      return;
    }
    buffer.index = k_->buffers.size();
    k_->buffers.push_back(buffer);
  }

  void add_view(const ViewBuffer &view) {
    if (!element_is_copyable(view.local, view.location)) {
      ok_ = false;
      return;
    }
    BufferParam buffer;
    buffer.decl = view.local;
    buffer.ownership = view.ownership;
    buffer.ownership_from_type = view.ownership_from_type;
    buffer.length = view.length;
    buffer.length_text = view.length_text;
    buffer.index = k_->buffers.size();
    k_->buffers.push_back(buffer);
  }

  // The elements a buffer DECL points to must have a size and hold no
  // host addresses.
  static bool element_is_copyable(tree decl, location_t where) {
    tree element = TREE_TYPE(TREE_TYPE(decl));
    if (VOID_TYPE_P(element) || !COMPLETE_TYPE_P(element) ||
        TREE_CODE(TYPE_SIZE_UNIT(element)) != INTEGER_CST) {
      error_at(where, "buffer %qD points to %qT, whose size is not known", decl,
               element);
      inform(where, "use a pointer to the element type, such as %<double *%>");
      return false;
    }
    if (!is_copyable_scalar(element)) {
      error_at(where,
               "the elements of %qD have type %qT, which holds pointers or "
               "references: host addresses mean nothing on the device",
               decl, element);
      if (CLASS_TYPE_P(element) && TREE_CODE(decl) == PARM_DECL)
        inform(where,
               "for one %qT, take it by reference (%<const %T &%>) and "
               "give its pointer members ownership attributes; for an "
               "array of them, pass each array they point to as a buffer",
               element, TYPE_MAIN_VARIANT(element));
      else
        inform(where, "pass each array the elements point to as a buffer "
                      "of its own, with its ownership");
      return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- loops

  static bool is_ignorable(tree statement) {
    switch (TREE_CODE(statement)) {
    case DEBUG_BEGIN_STMT:
    case NOP_EXPR:
      return !TREE_SIDE_EFFECTS(statement);
    case RETURN_EXPR:
      return TREE_OPERAND(statement, 0) == NULL_TREE;
    default:
      return false;
    }
  }

  // Appends to OUT the slots of the statements of the list or block at
  // SLOT, looking through braces.
  static void flatten(tree *slot, std::vector<tree *> *out) {
    tree statement = *slot;
    if (!statement)
      return;
    if (TREE_CODE(statement) == STATEMENT_LIST) {
      for (tree_stmt_iterator i = tsi_start(statement); !tsi_end_p(i);
           tsi_next(&i))
        flatten(tsi_stmt_ptr(i), out);
    } else if (TREE_CODE(statement) == BIND_EXPR &&
               !BIND_EXPR_VARS(statement)) {
      flatten(&BIND_EXPR_BODY(statement), out);
    } else if (!is_ignorable(statement)) {
      out->push_back(slot);
    }
  }

  // A for statement that declares its variable appears as a block holding
  // the declaration and the FOR_STMT.  Returns the FOR_STMT, or NULL_TREE.
  static tree loop_in_scope(tree statement, tree *var) {
    if (TREE_CODE(statement) == FOR_STMT) {
      *var = NULL_TREE;
      return statement;
    }
    if (TREE_CODE(statement) != BIND_EXPR)
      return NULL_TREE;
    std::vector<tree *> inner;
    flatten(&BIND_EXPR_BODY(statement), &inner);
    if (inner.size() != 2 || TREE_CODE(*inner[1]) != FOR_STMT)
      return NULL_TREE;
    tree declaration = strip_statement_wrappers(*inner[0]);
    if (TREE_CODE(declaration) != DECL_EXPR ||
        !VAR_P(DECL_EXPR_DECL(declaration)) ||
        BIND_EXPR_VARS(statement) != DECL_EXPR_DECL(declaration) ||
        DECL_CHAIN(BIND_EXPR_VARS(statement)))
      return NULL_TREE;
    *var = DECL_EXPR_DECL(declaration);
    return *inner[1];
  }

  // Reads `for (T var = lower; var < bound; ++var)`.  Reports an error and
  // returns false for anything else.
  bool read_level(tree for_statement, tree var, LoopLevel *level) {
    location_t where = location_or(for_statement, k_->location);
    level->location = where;
    if (!var) {
      error_at(where, "declare the loop variable in the %<for%> statement of "
                      "a kernel, as in %<for (std::size_t i = 0; i < n; "
                      "++i)%>");
      return false;
    }
    level->var = var;
    tree type = TREE_TYPE(var);
    if (!INTEGRAL_TYPE_P(type) || TREE_CODE(type) == BOOLEAN_TYPE) {
      error_at(DECL_SOURCE_LOCATION(var),
               "kernel loop variable %qD has type %qT; use an integer type",
               var, type);
      return false;
    }
    level->lower = DECL_INITIAL(var);
    if (!level->lower || level->lower == error_mark_node) {
      error_at(DECL_SOURCE_LOCATION(var),
               "initialize the loop variable %qD in the %<for%> statement",
               var);
      return false;
    }
    level->lower = tree_strip_any_location_wrapper(level->lower);

    tree condition = tree_strip_any_location_wrapper(FOR_COND(for_statement));
    // A bound read through a call (`i < s.size()`) keeps the call's
    // cleanup point after kernel_views.cc replaced the call with a local.
    if (condition && TREE_CODE(condition) == CLEANUP_POINT_EXPR)
      condition = tree_strip_any_location_wrapper(TREE_OPERAND(condition, 0));
    tree_code code = condition ? TREE_CODE(condition) : ERROR_MARK;
    tree bound = NULL_TREE, tested = NULL_TREE;
    if (code == LT_EXPR || code == LE_EXPR || code == NE_EXPR) {
      tested = TREE_OPERAND(condition, 0);
      bound = TREE_OPERAND(condition, 1);
    } else if (code == GT_EXPR || code == GE_EXPR) {
      tested = TREE_OPERAND(condition, 1);
      bound = TREE_OPERAND(condition, 0);
      code = code == GT_EXPR ? LT_EXPR : LE_EXPR;
    }
    // `i + c < n` tests i against n - c (no iterations when n < c).
    tree offset = NULL_TREE;
    if (tested) {
      tree sum = condition_variable(tested);
      if (TREE_CODE(sum) == PLUS_EXPR &&
          condition_variable(TREE_OPERAND(sum, 0)) == var &&
          !mentions(TREE_OPERAND(sum, 1), var)) {
        offset = TREE_OPERAND(sum, 1);
        tested = TREE_OPERAND(sum, 0);
      }
      if (condition_variable(tested) != var)
        bound = NULL_TREE;
    }
    if (!bound || mentions(bound, var)) {
      error_at(condition ? location_or(condition, where) : where,
               "the condition of a kernel loop must compare %qD with a bound "
               "that does not change, as in %<%E < n%>",
               var, DECL_NAME(var));
      return false;
    }
    // A constexpr bound (`i < N`) as its value, and the constants in a
    // bound (`g < n / P`) as theirs, as lengths are read.
    bound = fold_convert(type, cp_fully_fold(maybe_constant_value(
                                   tree_strip_any_location_wrapper(bound))));
    if (offset) {
      offset = fold_convert(type, tree_strip_any_location_wrapper(offset));
      tree reduced = fold_build2(MINUS_EXPR, type, bound, offset);
      bound = TYPE_UNSIGNED(type)
                  ? fold_build3(
                        COND_EXPR, type,
                        fold_build2(LT_EXPR, boolean_type_node, bound, offset),
                        build_zero_cst(type), reduced)
                  : reduced;
    }
    if (code == LE_EXPR)
      bound = fold_build2(PLUS_EXPR, type, bound, build_one_cst(type));
    level->bound = bound;

    if (!counts_up_by_one(FOR_EXPR(for_statement), var)) {
      error_at(where, "a kernel loop must count up by one (%<++%E%>)",
               DECL_NAME(var));
      inform(where, "count the steps instead: %<for (i = 0; i < n / 2; ++i)%> "
                    "and use %<2 * i%> in the body");
      return false;
    }
    return true;
  }

  bool read_loop(tree *slot, ParallelLoop *loop) {
    tree var = NULL_TREE;
    tree for_statement = loop_in_scope(*slot, &var);
    loop->statement = slot;
    loop->location = location_or(for_statement, k_->location);
    for (;;) {
      LoopLevel level;
      if (!read_level(for_statement, var, &level))
        return false;
      loop->levels.push_back(level);
      // A loop that is the whole body of this level joins the collapse.
      std::vector<tree *> body;
      flatten(&FOR_BODY(for_statement), &body);
      tree inner_var = NULL_TREE;
      tree inner =
          body.size() == 1 ? loop_in_scope(*body[0], &inner_var) : NULL_TREE;
      if (!inner || !inner_var || loop->levels.size() == kMaxCollapse) {
        loop->body = FOR_BODY(for_statement);
        return true;
      }
      // Only rectangular nests collapse; a triangular inner loop runs
      // serially inside each iteration.
      bool rectangular = true;
      for (const LoopLevel &outer : loop->levels)
        if (mentions(DECL_INITIAL(inner_var), outer.var) ||
            mentions(FOR_COND(inner), outer.var))
          rectangular = false;
      if (!rectangular) {
        loop->body = FOR_BODY(for_statement);
        return true;
      }
      for_statement = inner;
      var = inner_var;
    }
  }

  void find_loops() {
    std::vector<tree *> statements;
    tree *body = &DECL_SAVED_TREE(fndecl_);
    if (TREE_CODE(*body) == BIND_EXPR)
      body = &BIND_EXPR_BODY(*body);
    flatten(body, &statements);
    for (std::size_t i = 0; i < statements.size(); ++i) {
      tree *slot = statements[i];
      tree statement = *slot;
      // The init of `for (i = 0; ...)` stands before the FOR_STMT; the loop
      // itself gets the error that explains it.
      if (i + 1 < statements.size() &&
          TREE_CODE(*statements[i + 1]) == FOR_STMT &&
          TREE_CODE(strip_statement_wrappers(statement)) != DECL_EXPR &&
          TREE_CODE(statement) != FOR_STMT)
        continue;
      tree var = NULL_TREE;
      if (loop_in_scope(statement, &var)) {
        ParallelLoop loop;
        if (read_loop(slot, &loop))
          k_->loops.push_back(loop);
        else
          ok_ = false;
        continue;
      }
      check_host_statement(statement, i + 1 == statements.size());
    }
    if (ok_ && k_->loops.empty()) {
      error_at(k_->location, "kernel %qD has no loop to offload", fndecl_);
      inform(k_->location, "the body of a kernel is one or more %<for%> "
                           "loops over its data");
      ok_ = false;
    }
  }

  // Statements between the loops run on the host, once per call: they may
  // compute scalars (such as a reduction's start value, or a result to
  // return) but not touch the buffers, whose data is on the device.
  void check_host_statement(tree statement, bool last) {
    location_t where = location_or(statement, k_->location);
    tree bare = strip_statement_wrappers(statement);
    const tree_code code = TREE_CODE(bare);
    if (code == WHILE_STMT || code == DO_STMT) {
      error_at(where, "the loops of a kernel must be %<for%> loops");
      inform(where, "write %<for (std::size_t i = 0; i < n; ++i)%> over "
                    "the iterations");
      ok_ = false;
      return;
    }
    if (code == RANGE_FOR_STMT) {
      error_at(where, "range-based %<for%> loops cannot be offloaded; write "
                      "%<for (std::size_t i = 0; i < n; ++i)%>");
      ok_ = false;
      return;
    }
    if (code == RETURN_EXPR && !last) {
      error_at(where, "%<return%> before the end of kernel %qD", fndecl_);
      ok_ = false;
      return;
    }
    if (contains_loop(statement)) {
      error_at(where,
               "a loop inside another statement of kernel %qD is not "
               "offloaded",
               fndecl_);
      inform(where, "make each loop a statement of the kernel body itself");
      ok_ = false;
      return;
    }
    if (code == DECL_EXPR) {
      tree decl = DECL_EXPR_DECL(bare);
      if (VAR_P(decl) && (TREE_STATIC(decl) || DECL_EXTERNAL(decl)) &&
          !TREE_READONLY(decl)) {
        error_at(DECL_SOURCE_LOCATION(decl),
                 "static variable %qD in kernel %qD", decl, fndecl_);
        ok_ = false;
        return;
      }
    }
    if (tree callee = called_kernel(statement)) {
      // TeaLeaf's cheby_init ends with a call of the cheby_calc_u kernel.
      auto_diagnostic_group group;
      const char *outer = IDENTIFIER_POINTER(DECL_NAME(fndecl_));
      const char *inner = IDENTIFIER_POINTER(DECL_NAME(callee));
      error_at(where,
               "kernel %qs calls kernel %qs outside its loops; a kernel "
               "cannot launch another",
               outer, inner);
      inform(where,
             "call %qs where %qs is called, after it returns; or give the "
             "loops of %qs a kernel of their own, and make %qs a plain "
             "function that calls both kernels",
             inner, outer, outer, outer);
      ok_ = false;
      return;
    }
    for (const BufferParam &buffer : k_->buffers)
      if (mentions(statement, buffer.decl)) {
        auto_diagnostic_group group;
        error_at(where,
                 "this statement of kernel %qD is outside its loops and uses "
                 "%qD",
                 fndecl_, buffer.decl);
        if (used_in_loops(buffer.decl))
          inform(where, "code between the loops runs on the host, where the "
                        "buffers of the kernel are not; move it into a loop");
        else
          inform(where, "only code outside the loops uses %qD, and that code "
                        "runs on the host: remove its ownership attribute, "
                        "and the pointer stays there (as for %<*norm += "
                        "sum;%> after a reduction)",
                 buffer.decl);
        ok_ = false;
        return;
      }
  }

  // Whether DECL occurs in one of the kernel's loops (before the model
  // knows which statements those are: any loop of the body).
  bool used_in_loops(tree decl) const {
    struct Search {
      tree decl;
      bool found = false;
      static tree visit(tree *node, int *walk_subtrees, void *data) {
        auto *search = static_cast<Search *>(data);
        if (TYPE_P(*node)) {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
        const tree_code code = TREE_CODE(*node);
        if (code == FOR_STMT || code == WHILE_STMT || code == DO_STMT ||
            code == RANGE_FOR_STMT) {
          search->found = search->found || mentions(*node, search->decl);
          *walk_subtrees = 0;
        }
        return NULL_TREE;
      }
    } search{decl};
    cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl_), Search::visit,
                                    &search);
    return search.found;
  }

  // A function with [[ferry::kernel]] that STATEMENT calls, or NULL_TREE.
  static tree called_kernel(tree statement) {
    struct Search {
      static tree visit(tree *node, int *walk_subtrees, void *) {
        if (TYPE_P(*node)) {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
        if (TREE_CODE(*node) != CALL_EXPR)
          return NULL_TREE;
        tree callee = callee_of(*node);
        return callee && has_ferry_attribute(callee, "kernel") ? callee
                                                               : NULL_TREE;
      }
    };
    return cp_walk_tree_without_duplicates(&statement, Search::visit, nullptr);
  }

  static bool contains_loop(tree statement) {
    struct Search {
      static tree visit(tree *node, int *walk_subtrees, void *) {
        if (TYPE_P(*node)) {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
        const tree_code code = TREE_CODE(*node);
        return code == FOR_STMT || code == WHILE_STMT || code == DO_STMT ||
                       code == RANGE_FOR_STMT
                   ? *node
                   : NULL_TREE;
      }
    };
    return cp_walk_tree_without_duplicates(&statement, Search::visit, nullptr);
  }

  static constexpr std::size_t kMaxCollapse = 3;

  tree fndecl_;
  Kernel *k_;
  KernelViews views_;
  bool ok_ = true;
};

} // namespace

bool build_kernel_model(tree fndecl, Kernel *kernel) {
  return ModelBuilder(fndecl, kernel).build();
}

} // namespace ferry
