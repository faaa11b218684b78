// SPDX-License-Identifier: GPL-3.0-or-later
// See device_math.h.
#include "device_math.h"

#include "device_loops.h"
#include "direct_header.h"
#include "tree_utils.h"

namespace ferry {

namespace {

// Computes before GSI, into LHS, the value newlib's fmax or fmin (KIND,
// BUILT_IN_FMAX...) returns for X and Y: `isnan(x) ? y : isnan(y) ? x : x
// > y ? x : y` (fmin: `x < y`), the same value for every pair, signed
// zeros and NaNs' payloads included.  Returns the statement that sets
// LHS, for the caller to put in the call's place.
gimple *newlib_min_max(gimple_stmt_iterator *gsi, built_in_function kind,
                       tree lhs, tree x, tree y) {
  const tree type = TREE_TYPE(lhs);
  auto compute = [gsi](tree result, tree_code code, tree a, tree b,
                       tree c = NULL_TREE) {
    gimple *stmt = gimple_build_assign(result, code, a, b, c);
    gsi_insert_before(gsi, stmt, GSI_SAME_STMT);
    return result;
  };
  auto test = [&](tree_code code, tree a, tree b) {
    return compute(make_ssa_name(boolean_type_node), code, a, b);
  };
  const bool max = kind == BUILT_IN_FMAX || kind == BUILT_IN_FMAXF;
  tree either = compute(make_ssa_name(type), COND_EXPR,
                        test(max ? GT_EXPR : LT_EXPR, x, y), x, y);
  tree unless_y_nan = compute(make_ssa_name(type), COND_EXPR,
                              test(UNORDERED_EXPR, y, y), x, either);
  return gimple_build_assign(lhs, COND_EXPR, test(UNORDERED_EXPR, x, x), y,
                             unless_y_nan);
}

// Whether the calls this pass inlines include CALL: square roots where
// the target has the instruction, fmax and fmin.
bool inlinable(gcall *call) {
  if (!gimple_call_builtin_p(call, BUILT_IN_NORMAL))
    return false;
  switch (DECL_FUNCTION_CODE(gimple_call_fndecl(call))) {
  case BUILT_IN_SQRT:
  case BUILT_IN_SQRTF:
    // Every compiler of the function must have the instruction: the host's
    // and nvptx's do; amdgcn's GCC 12 has none for a double (an internal
    // compiler error in its expansion), so a unit offloaded there too keeps
    // the calls.
    return !other_offload_target() &&
           direct_internal_fn_supported_p(
               IFN_SQRT, TREE_TYPE(gimple_call_arg(call, 0)), OPTIMIZE_FOR_BOTH);
  case BUILT_IN_FMAX:
  case BUILT_IN_FMAXF:
  case BUILT_IN_FMIN:
  case BUILT_IN_FMINF:
    return true;
  default:
    return false;
  }
}

// Replaces the call at GSI by what it computes, if inlinable; true if it
// did, with GSI at the replacement or past a removed call.
bool inline_math_call(gimple_stmt_iterator *gsi) {
  gcall *call = dyn_cast<gcall *>(gsi_stmt(*gsi));
  if (!call || !inlinable(call))
    return false;
  const built_in_function kind = DECL_FUNCTION_CODE(gimple_call_fndecl(call));
  const tree lhs = gimple_call_lhs(call);
  // Under -fmath-errno a square root stores to memory (errno); what
  // replaces it does not.
  if (gimple_vdef(call)) {
    unlink_stmt_vdef(call);
    release_ssa_name(gimple_vdef(call));
  }
  if (!lhs) { // no effect but its value
    gsi_remove(gsi, /*remove_permanently=*/true);
    return true;
  }
  gimple *replacement;
  if (kind == BUILT_IN_SQRT || kind == BUILT_IN_SQRTF) {
    replacement =
        gimple_build_call_internal(IFN_SQRT, 1, gimple_call_arg(call, 0));
    gimple_call_set_lhs(replacement, lhs);
  } else {
    replacement = newlib_min_max(gsi, kind, lhs, gimple_call_arg(call, 0),
                                 gimple_call_arg(call, 1));
  }
  gsi_replace(gsi, replacement, /*update_eh_info=*/true);
  return true;
}

const pass_data kDeviceMathPassData =
    gcc::gimple_pass("ferry-device-math", PROP_cfg | PROP_ssa);

class DeviceMathPass : public gimple_opt_pass {
public:
  explicit DeviceMathPass(::gcc::context *context)
      : gimple_opt_pass(kDeviceMathPassData, context) {}

  bool gate(function *fun) override {
    return is_ferry_device_code(fun->decl);
  }

  unsigned int execute(function *fun) override {
    unsigned inlined = 0;
    basic_block bb;
    FOR_EACH_BB_FN(bb, fun) {
      for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi);) {
        if (gimple_call_internal_p(gsi_stmt(gsi), IFN_GOMP_USE_SIMT))
          // use_device_maths' test: GCC's device lowering, which folds it,
          // runs only where this property is off (as omp simd leaves it).
          fun->curr_properties &= ~PROP_gimple_lomp_dev;
        if (inline_math_call(&gsi))
          ++inlined;
        else
          gsi_next(&gsi);
      }
    }
    if (dump_file && inlined)
      fprintf(dump_file, "%u calls of the C library's maths inlined\n", inlined);
    return 0;
  }
};

// The <ferry/device_maths.hpp> function that stands for CALL's callee, or
// nullptr: exp, log, sin, cos, atan and pow (of doubles), expf, logf,
// sinf, cosf, atanf and powf, by the C library's names or as std::exp,
// std::log, std::sin, std::cos, std::atan, std::pow of floats (libstdc++'s
// inline overloads; those of a double are the C library's).
const char *device_maths_name(tree call) {
  static const struct {
    built_in_function code;
    const char *name, *std_float_name;
    int arguments;
  } kFunctions[] = {{BUILT_IN_EXP, "exp", nullptr, 1},
                    {BUILT_IN_LOG, "log", nullptr, 1},
                    {BUILT_IN_EXPF, "expf", "exp", 1},
                    {BUILT_IN_LOGF, "logf", "log", 1},
                    {BUILT_IN_SINF, "sinf", "sin", 1},
                    {BUILT_IN_COSF, "cosf", "cos", 1},
                    {BUILT_IN_SIN, "sin", nullptr, 1},
                    {BUILT_IN_COS, "cos", nullptr, 1},
                    {BUILT_IN_ATAN, "atan", nullptr, 1},
                    {BUILT_IN_ATANF, "atanf", "atan", 1},
                    {BUILT_IN_POW, "pow", nullptr, 2},
                    {BUILT_IN_POWF, "powf", "pow", 2}};
  tree callee = callee_of(call);
  if (!callee)
    return nullptr;
  const bool std_float =
      DECL_NAME(callee) && decl_in_std_namespace_p(callee) &&
      TYPE_MAIN_VARIANT(TREE_TYPE(TREE_TYPE(callee))) == float_type_node;
  for (const auto &function : kFunctions)
    if ((fndecl_built_in_p(callee, function.code) ||
         (std_float && function.std_float_name &&
          id_equal(DECL_NAME(callee), function.std_float_name))) &&
        call_expr_nargs(call) == function.arguments)
      return function.name;
  return nullptr;
}

bool library_maths = false;

} // namespace

void keep_library_maths() { library_maths = true; }

void use_device_maths(tree *body, Runs runs) {
  struct Replace {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      // A local's initializer (`double c = cos(y);`), which the walk
      // does not enter by itself.
      if (TREE_CODE(*node) == DECL_EXPR && VAR_P(DECL_EXPR_DECL(*node)) &&
          DECL_INITIAL(DECL_EXPR_DECL(*node))) {
        cp_walk_tree_without_duplicates(&DECL_INITIAL(DECL_EXPR_DECL(*node)),
                                        visit, data);
        return NULL_TREE;
      }
      const char *name =
          TREE_CODE(*node) == CALL_EXPR ? device_maths_name(*node) : nullptr;
      if (!name)
        return NULL_TREE;
      tree call = *node;
      // The arguments' own calls first (`logf(1.f + expf(x))`): below, the
      // walk does not enter the call it keeps for the host.
      for (int i = 0; i < call_expr_nargs(call); ++i)
        cp_walk_tree_without_duplicates(&CALL_EXPR_ARG(call, i), visit, data);
      tree first = unshare_expr(CALL_EXPR_ARG(call, 0));
      tree replacement =
          call_expr_nargs(call) == 1
              ? call_direct_helper(name, {first})
              : call_direct_helper(
                    name, {first, unshare_expr(CALL_EXPR_ARG(call, 1))});
      if (replacement == error_mark_node)
        return NULL_TREE;
      if (*static_cast<Runs *>(data) == Runs::on_gpu_only) {
        *node = replacement;
      } else {
        // `.GOMP_USE_SIMT () ? ferry's : the library's`: GCC's own test for
        // a SIMT target (omp simd), folded by its device lowering (ompdevlow)
        // after inlining: true on nvptx, false on the host and on amdgcn.
        tree simt = build_call_expr_internal_loc(
            EXPR_LOCATION(call), IFN_GOMP_USE_SIMT, integer_type_node, 0);
        *node = build3_loc(EXPR_LOCATION(call), COND_EXPR, TREE_TYPE(call),
                           build2(NE_EXPR, boolean_type_node, simt,
                                  integer_zero_node),
                           replacement, call);
        *walk_subtrees = 0; // the library's call stays
      }
      return NULL_TREE;
    }
  };
  if (!library_maths && direct_namespace()) {
    cp_walk_tree_without_duplicates(body, Replace::visit, &runs);
    // The front end's fold cache maps the expressions changed in place to
    // their folded forms from before, which still call the library: a
    // kernel's OpenMP path got back sin(x) * cos(x), and GCC joined the
    // two calls into a sincos inside `omp simd`.
    clear_fold_cache();
  }
}

opt_pass *make_device_math_pass(::gcc::context *context) {
  return new DeviceMathPass(context);
}

} // namespace ferry
