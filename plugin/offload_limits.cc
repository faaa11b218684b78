// SPDX-License-Identifier: GPL-3.0-or-later
// See offload_limits.h.
#include "offload_limits.h"

#include "tree_utils.h"

#include <cstring>
#include <set>

namespace ferry {

namespace {

// A floating-point type the GPU has: float and double (and complex
// numbers of them).
bool device_has_float(tree type) {
  if (TREE_CODE(type) == COMPLEX_TYPE)
    type = TREE_TYPE(type);
  if (!SCALAR_FLOAT_TYPE_P(type))
    return true;
  return TYPE_PRECISION(type) == TYPE_PRECISION(float_type_node) ||
         TYPE_PRECISION(type) == TYPE_PRECISION(double_type_node);
}

// The first floating-point type in TYPE (through pointers, references,
// arrays and the fields of classes) that the GPU does not have; NULL_TREE
// when there is none.
tree missing_float(tree type, std::set<tree> *seen) {
  while (POINTER_TYPE_P(type) || TREE_CODE(type) == ARRAY_TYPE)
    type = TREE_TYPE(type);
  if (!device_has_float(type))
    return type;
  if (!RECORD_OR_UNION_TYPE_P(type) || !COMPLETE_TYPE_P(type) ||
      !seen->insert(TYPE_MAIN_VARIANT(type)).second)
    return NULL_TREE;
  for (tree field = TYPE_FIELDS(type); field; field = DECL_CHAIN(field))
    if (TREE_CODE(field) == FIELD_DECL)
      if (tree missing = missing_float(TREE_TYPE(field), seen))
        return missing;
  return NULL_TREE;
}

class Check {
public:
  Check(tree fndecl, bool kernel)
      : fndecl_(fndecl), kernel_(kernel), where_(DECL_SOURCE_LOCATION(fndecl)) {
  }

  // LAMBDAS: whether closures, std::function and std::vector<bool> are
  // errors (for kernels, whose parameters become the region's values and
  // buffers).
  void parameters(bool lambdas) {
    for (tree parm = DECL_ARGUMENTS(fndecl_); parm; parm = DECL_CHAIN(parm)) {
      tree type = TREE_TYPE(parm);
      location_t where = DECL_SOURCE_LOCATION(parm);
      std::set<tree> seen;
      if (tree missing = missing_float(type, &seen)) {
        refuse_float(where, missing);
        continue;
      }
      tree bare_type = non_reference(type);
      if (lambdas && is_std_template(bare_type, "function")) {
        auto_diagnostic_group group;
        error_at(where,
                 "parameter %qD of kernel %qD is a %<std::function%>, which "
                 "calls through a pointer the GPU cannot follow",
                 parm, fndecl_);
        inform(where, "make the kernel a template over the callable, "
                      "%<template <class F> void k(..., F f)%>, and pass a "
                      "function object (a struct with an %<operator()%>)");
        ok_ = false;
        continue;
      }
      if (lambdas && is_std_template(bare_type, "vector") &&
          TREE_CODE(template_argument(bare_type, 0)) == BOOLEAN_TYPE) {
        auto_diagnostic_group group;
        error_at(where,
                 "parameter %qD of kernel %qD is a %<std::vector<bool>%>, "
                 "which packs its elements into bits: no iteration can own "
                 "one of them",
                 parm, fndecl_);
        inform(where, "use %<std::vector<char>%> (or %<unsigned char%>) "
                      "for flags a kernel writes");
        ok_ = false;
        continue;
      }
      if (lambdas && CLASS_TYPE_P(bare_type) && LAMBDA_TYPE_P(bare_type)) {
        auto_diagnostic_group group;
        error_at(where,
                 "parameter %qD of kernel %qD is the closure of a lambda, "
                 "which GCC 12 cannot offload",
                 parm, fndecl_);
        inform(where, "pass a function object instead: a struct with an "
                      "%<operator()%>, such as %<struct twice { double "
                      "operator()(double v) const { return 2 * v; } };%>");
        ok_ = false;
      }
    }
  }

  void body() {
    cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl_), visit, this);
  }

  bool ok() const { return ok_; }

private:
  static tree visit(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<Check *>(data);
    tree t = *node;
    if (!enter_located(t, walk_subtrees, &self->where_))
      return NULL_TREE;
    if (TREE_CODE(t) == OBJ_TYPE_REF && self->kernel_) {
      auto_diagnostic_group group;
      error_at(self->where_, "kernel %qD calls a virtual function",
               self->fndecl_);
      inform(self->where_,
             "the GPU must know which function it runs: mark the class or "
             "the function %<final%>, call it qualified "
             "(%<op.Op::apply(v)%>), or make the kernel a template over the "
             "concrete type");
      self->ok_ = false;
      return NULL_TREE;
    }
    // The parser turns `for (x : range)` into a loop over iterators of a
    // reference it declares as __for_range.
    if (TREE_CODE(t) == DECL_EXPR && self->kernel_ &&
        VAR_P(DECL_EXPR_DECL(t)) && DECL_NAME(DECL_EXPR_DECL(t)) &&
        std::strncmp(IDENTIFIER_POINTER(DECL_NAME(DECL_EXPR_DECL(t))),
                     "__for_range", 11) == 0 &&
        self->mentions_parameter(DECL_INITIAL(DECL_EXPR_DECL(t)))) {
      auto_diagnostic_group group;
      error_at(self->where_,
               "a range-based %<for%> over a parameter of kernel %qD",
               self->fndecl_);
      inform(self->where_,
             "ferry gives each iteration of an indexed loop its own "
             "elements: write %<for (std::size_t i = 0; i < v.size(); ++i)%> "
             "and %<v[i]%>");
      self->ok_ = false;
      return NULL_TREE;
    }
    if (TREE_CODE(t) == DECL_EXPR && VAR_P(DECL_EXPR_DECL(t))) {
      self->declaration(DECL_EXPR_DECL(t));
      return NULL_TREE;
    }
    if (TREE_CODE(t) == CALL_EXPR) {
      tree callee = get_callee_fndecl(t);
      if (callee && fndecl_built_in_p(callee, BUILT_IN_NORMAL) &&
          ALLOCA_FUNCTION_CODE_P(DECL_FUNCTION_CODE(callee)))
        self->refuse_stack_array(self->where_, NULL_TREE);
    }
    // One error for a function that computes in a type the GPU lacks,
    // at the outermost such expression.
    if ((EXPR_P(t) || CONSTANT_CLASS_P(t)) && TREE_TYPE(t) &&
        !device_has_float(TREE_TYPE(t)))
      self->refuse_float(self->where_, TREE_TYPE(t));
    return NULL_TREE;
  }

  void declaration(tree var) {
    tree type = TREE_TYPE(var);
    location_t where = DECL_SOURCE_LOCATION(var);
    if (TYPE_SIZE_UNIT(type) && !TREE_CONSTANT(TYPE_SIZE_UNIT(type))) {
      refuse_stack_array(where, var);
      return;
    }
    std::set<tree> seen;
    if (tree missing = missing_float(type, &seen))
      refuse_float(where, missing);
  }

  void refuse_stack_array(location_t where, tree var) {
    auto_diagnostic_group group;
    if (var)
      error_at(where,
               "variable-length array %qD in %qD, which runs on the "
               "GPU",
               var, fndecl_);
    else
      error_at(where, "%<alloca%> in %qD, which runs on the GPU", fndecl_);
    inform(where,
           "the offload compiler of GCC 12 cannot give each GPU "
           "thread memory of a size known only at run time; use an array of "
           "a fixed largest size, such as %<double t[kMax];%> with a "
           "check that the size fits");
    ok_ = false;
  }

  void refuse_float(location_t where, tree type) {
    if (reported_float_)
      return;
    reported_float_ = true;
    auto_diagnostic_group group;
    error_at(where, "%qD, which runs on the GPU, uses %qT", fndecl_, type);
    inform(where, "GPUs have %<float%> and %<double%> only (GCC 12 has no "
                  "device form of %<long double%>, %<_Float16%> or "
                  "%<__float128%>); use %<double%>");
    ok_ = false;
  }

  bool mentions_parameter(tree expression) const {
    for (tree parm = DECL_ARGUMENTS(fndecl_); parm; parm = DECL_CHAIN(parm))
      if (mentions(expression, parm))
        return true;
    return false;
  }

  tree fndecl_;
  bool kernel_; // FNDECL is the kernel, not a function it calls
  location_t where_;
  bool reported_float_ = false;
  bool ok_ = true;
};

// GCC 12's nvptx compiler crashes in its named-return-value pass
// (tree-nrv.cc:179) on a function it emits out of line, in the offload
// image, that returns a struct of at most 16 bytes by value: one with
// external linkage that is not inline, or one marked noinline.  Inline,
// static and template functions are inlined and not emitted, and structs
// of 24 bytes and more are returned in memory, without the crash.
// ferry-g++ turns the pass off on the device (-fdisable-tree-nrv among
// the offload options, which the driver passes on to the compilers): the
// crash is only where the plugin runs without it, offloading to nvptx.
bool small_struct_return_crashes(tree fndecl) {
  const char *targets = getenv("OFFLOAD_TARGET_NAMES");
  const char *options = getenv("COLLECT_GCC_OPTIONS");
  if (!targets || !strstr(targets, "nvptx") ||
      (options && strstr(options, "-fdisable-tree-nrv")))
    return false;
  tree type = TREE_TYPE(TREE_TYPE(fndecl));
  tree size = RECORD_OR_UNION_TYPE_P(type) ? TYPE_SIZE_UNIT(type) : NULL_TREE;
  if (!size || !tree_fits_uhwi_p(size) || tree_to_uhwi(size) > 16)
    return false;
  const bool noinline = lookup_attribute("noinline", DECL_ATTRIBUTES(fndecl));
  const bool emitted = TREE_PUBLIC(fndecl) && !DECL_DECLARED_INLINE_P(fndecl) &&
                       !DECL_TEMPLATE_INFO(fndecl);
  return noinline || emitted;
}

// The number type in TYPE (through pointers, arrays and classes' fields)
// that crashes GCC 12's offload compiler in a region: a floating-point
// type other than float, double and long double; NULL_TREE when none.
tree crashes_in_region(tree type) {
  std::set<tree> seen;
  tree missing = missing_float(type, &seen);
  if (missing && TREE_CODE(missing) == COMPLEX_TYPE)
    missing = TREE_TYPE(missing);
  if (!missing ||
      TYPE_PRECISION(missing) == TYPE_PRECISION(long_double_type_node))
    return NULL_TREE;
  return missing;
}

tree first_assert(tree *node, int *walk_subtrees, void *) {
  if (TYPE_P(*node)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  tree callee = TREE_CODE(*node) == CALL_EXPR ? get_callee_fndecl(*node)
                                              : NULL_TREE;
  return callee && is_host_assert(callee) ? *node : NULL_TREE;
}

tree first_crashing_use(tree *node, int *walk_subtrees, void *) {
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if ((EXPR_P(t) || DECL_P(t) || CONSTANT_CLASS_P(t)) && TREE_TYPE(t) &&
      crashes_in_region(TREE_TYPE(t)))
    return t;
  return NULL_TREE;
}

} // namespace

bool is_host_assert(tree fndecl) {
  return DECL_NAME(fndecl) && DECL_EXTERN_C_P(fndecl) &&
         !DECL_SAVED_TREE(fndecl) &&
         (id_equal(DECL_NAME(fndecl), "__assert_fail") ||
          id_equal(DECL_NAME(fndecl), "__assert_perror_fail"));
}

void refuse_assert(location_t where, const char *what) {
  auto_diagnostic_group group;
  error_at(where,
           "%<assert%> in %s, which runs on the GPU: the device libraries "
           "of GCC 12 have no %<__assert_fail%>, and the offload image "
           "does not link (with or without ferry)",
           what);
  inform(where, "build with %<-DNDEBUG%>, or check the condition on the "
                "host, before or after the loop; to stop on the device, "
                "have the iteration set a flag in a buffer that the host "
                "reads afterwards");
}

bool check_region_offload_limits(tree region) {
  // The driver names the offload compilers to its compilers; none under
  // -foffload=disable, where the region runs on the host only.
  const char *targets = getenv("OFFLOAD_TARGET_NAMES");
  if (!targets || !*targets)
    return true;
  if (tree call = cp_walk_tree_without_duplicates(&region, first_assert,
                                                  nullptr)) {
    location_t where = EXPR_LOCATION(call);
    refuse_assert(where != UNKNOWN_LOCATION ? where : EXPR_LOCATION(region),
                  "this target region");
    return false;
  }
  tree use =
      cp_walk_tree_without_duplicates(&region, first_crashing_use, nullptr);
  if (!use)
    return true;
  location_t where = EXPR_P(use)   ? EXPR_LOCATION(use)
                     : DECL_P(use) ? DECL_SOURCE_LOCATION(use)
                                   : UNKNOWN_LOCATION;
  if (where == UNKNOWN_LOCATION)
    where = EXPR_LOCATION(region);
  auto_diagnostic_group group;
  error_at(where,
           "this target region uses %qT, which the offload compiler of GCC "
           "12 cannot compile (lto1 crashes, with or without ferry)",
           crashes_in_region(TREE_TYPE(use)));
  inform(EXPR_LOCATION(region),
         "the offloading of GCC 12 has %<float%> and %<double%> for GPUs; "
         "compute in %<float%> on the device, converting before and after "
         "the region");
  return false;
}

bool check_offload_limits(tree fndecl, bool kernel) {
  Check check(fndecl, kernel);
  check.parameters(/*lambdas=*/kernel);
  check.body();
  if (!kernel && small_struct_return_crashes(fndecl)) {
    auto_diagnostic_group group;
    error_at(DECL_SOURCE_LOCATION(fndecl),
             "%qD, which a kernel calls, returns a %qT of %wu bytes by value "
             "out of line, which crashes the nvptx compiler of GCC 12",
             fndecl, TREE_TYPE(TREE_TYPE(fndecl)),
             tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(fndecl)))));
    inform(DECL_SOURCE_LOCATION(fndecl),
           "build with ferry-g++, whose offload options turn that pass off "
           "(%<-foffload-options=nvptx-none=-fdisable-tree-nrv%>); or "
           "declare it %<inline%> (without %<noinline%>), or return the "
           "result through a pointer or reference parameter");
    return false;
  }
  return check.ok();
}

} // namespace ferry
