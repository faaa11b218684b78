// SPDX-License-Identifier: GPL-3.0-or-later
// See device_math.h.
#include "device_math.h"

#include "device_loops.h"

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
    // The host compiles the function too: only where it has the
    // instruction as well.
    return direct_internal_fn_supported_p(
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

} // namespace

opt_pass *make_device_math_pass(::gcc::context *context) {
  return new DeviceMathPass(context);
}

} // namespace ferry
