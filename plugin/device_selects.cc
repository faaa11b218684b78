// SPDX-License-Identifier: GPL-3.0-or-later
// See device_selects.h.
#include "device_selects.h"

#include "device_loops.h"

namespace ferry {

namespace {

// Whether STMT computes a value that is defined whatever its operands:
// no trap (a division, or floating-point arithmetic under
// -ftrapping-math), no memory read, no side effect, and none of the
// integer operations whose overflow, shift count or conversion from a
// float is undefined out of range, which speculating would introduce.
bool runs_anyway(gimple *stmt) {
  if (!is_gimple_assign(stmt) || gimple_has_side_effects(stmt) ||
      gimple_could_trap_p(stmt) || gimple_vuse(stmt) ||
      TREE_CODE(gimple_assign_lhs(stmt)) != SSA_NAME)
    return false;
  const tree type = TREE_TYPE(gimple_assign_lhs(stmt));
  if (!INTEGRAL_TYPE_P(type) && !POINTER_TYPE_P(type))
    return true;
  const tree_code code = gimple_assign_rhs_code(stmt);
  switch (code) {
  case SSA_NAME:
  case INTEGER_CST:
  case NOP_EXPR:
  case CONVERT_EXPR:
  case BIT_AND_EXPR:
  case BIT_IOR_EXPR:
  case BIT_XOR_EXPR:
  case BIT_NOT_EXPR:
  case MIN_EXPR:
  case MAX_EXPR:
  case COND_EXPR:
    return true;
  default:
    return TREE_CODE_CLASS(code) == tcc_comparison;
  }
}

// Whether ARM, entered only from the test, is a block of at most
// kMaxSpeculatedStatements statements that may all run whatever the test.
bool speculable_arm(basic_block arm, basic_block test) {
  if (arm == test || !single_pred_p(arm) || !single_succ_p(arm) ||
      (single_succ_edge(arm)->flags & EDGE_COMPLEX) ||
      !gimple_seq_empty_p(phi_nodes(arm)) ||
      arm->loop_father != test->loop_father)
    return false;
  unsigned statements = 0;
  for (gimple_stmt_iterator gsi = gsi_start_bb(arm); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    gimple *stmt = gsi_stmt(gsi);
    if (is_gimple_debug(stmt))
      continue;
    if (!runs_anyway(stmt) || ++statements > kMaxSpeculatedStatements)
      return false;
  }
  return true;
}

// A test and what it chooses between: the arm each edge enters (none for
// the side that goes straight to the join), and the join's two edges.
struct Choice {
  basic_block on_true = nullptr, on_false = nullptr, join = nullptr;
  edge true_in = nullptr, false_in = nullptr;
};

// The choice that TEST, a block ending in a condition, makes: a diamond
// (an arm on each side) or a triangle (an arm on one), whose join has
// only those two ways in and only register values to pick.  False for
// every other shape.
bool choice_of(basic_block test, Choice *choice) {
  edge true_edge, false_edge;
  extract_true_false_edges_from_block(test, &true_edge, &false_edge);
  if ((true_edge->flags | false_edge->flags) & EDGE_COMPLEX)
    return false;
  const basic_block t = true_edge->dest, f = false_edge->dest;
  const bool t_arm = speculable_arm(t, test), f_arm = speculable_arm(f, test);
  if (t_arm && f_arm && single_succ(t) == single_succ(f))
    *choice = {t, f, single_succ(t), single_succ_edge(t), single_succ_edge(f)};
  else if (t_arm && single_succ(t) == f)
    *choice = {t, nullptr, f, single_succ_edge(t), false_edge};
  else if (f_arm && single_succ(f) == t)
    *choice = {nullptr, f, t, true_edge, single_succ_edge(f)};
  else
    return false;
  const basic_block join = choice->join;
  if (join == test || EDGE_COUNT(join->preds) != 2 ||
      join->loop_father != test->loop_father ||
      join->loop_father->header == join)
    return false;
  // Memory states and names that abnormal edges carry stay phis.
  for (gphi_iterator gsi = gsi_start_phis(join); !gsi_end_p(gsi);
       gsi_next(&gsi)) {
    tree value = gimple_phi_result(gsi.phi());
    if (virtual_operand_p(value) || SSA_NAME_OCCURS_IN_ABNORMAL_PHI(value))
      return false;
  }
  return true;
}

// Runs CHOICE's arms before TEST's condition, picks each of the join's
// values with a COND_EXPR of the condition, and sends the branch one way
// (the CFG cleanup removes the other).
void make_selects(basic_block test, const Choice &choice) {
  gimple_stmt_iterator at = gsi_last_bb(test);
  for (basic_block arm : {choice.on_true, choice.on_false}) {
    if (!arm)
      continue;
    for (gimple_stmt_iterator gsi = gsi_start_bb(arm); !gsi_end_p(gsi);) {
      if (is_gimple_debug(gsi_stmt(gsi)))
        gsi_remove(&gsi, true); // it would tell of a path not taken
      else
        gsi_move_before(&gsi, &at);
    }
  }
  gcond *condition = as_a<gcond *>(gsi_stmt(at));
  tree taken = make_ssa_name(boolean_type_node);
  gsi_insert_before(&at,
                    gimple_build_assign(taken, gimple_cond_code(condition),
                                        gimple_cond_lhs(condition),
                                        gimple_cond_rhs(condition)),
                    GSI_SAME_STMT);
  for (gphi_iterator gsi = gsi_start_phis(choice.join); !gsi_end_p(gsi);) {
    gphi *phi = gsi.phi();
    tree value = gimple_phi_result(phi);
    tree if_true = PHI_ARG_DEF_FROM_EDGE(phi, choice.true_in);
    tree if_false = PHI_ARG_DEF_FROM_EDGE(phi, choice.false_in);
    remove_phi_node(&gsi, /*release_lhs_p=*/false);
    gsi_insert_before(
        &at, gimple_build_assign(value, COND_EXPR, taken, if_true, if_false),
        GSI_SAME_STMT);
  }
  gimple_cond_make_true(condition);
  update_stmt(condition);
}

const pass_data kDeviceSelectsPassData =
    gcc::gimple_pass("ferry-device-selects", PROP_cfg | PROP_ssa);

class DeviceSelectsPass : public gimple_opt_pass {
public:
  explicit DeviceSelectsPass(::gcc::context *context)
      : gimple_opt_pass(kDeviceSelectsPassData, context) {}

  bool gate(function *fun) override {
    return optimize > 0 && is_ferry_device_code(fun->decl);
  }

  unsigned int execute(function *fun) override {
    // Nested choices (`a ? (b ? x : y) : z`) take a sweep per level: the
    // inner one's arms go first, and the cleanup makes the outer one's
    // arms plain blocks.
    constexpr int kMaxSweeps = 4;
    for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
      unsigned made = 0;
      basic_block bb;
      FOR_EACH_BB_FN(bb, fun) {
        gimple *last = last_stmt(bb);
        Choice choice;
        if (!last || gimple_code(last) != GIMPLE_COND ||
            gimple_cond_true_p(as_a<gcond *>(last)) ||
            gimple_cond_false_p(as_a<gcond *>(last)) || !choice_of(bb, &choice))
          continue;
        make_selects(bb, choice);
        ++made;
      }
      if (dump_file && made)
        fprintf(dump_file, "sweep %d: %u choices made selects\n", sweep, made);
      if (!made)
        break;
      cleanup_tree_cfg();
    }
    return 0;
  }
};

} // namespace

opt_pass *make_device_selects_pass(::gcc::context *context) {
  return new DeviceSelectsPass(context);
}

} // namespace ferry
