// SPDX-License-Identifier: GPL-3.0-or-later
// See iteration_space.h.
#include "iteration_space.h"

#include "device_loops.h"
#include "direct_header.h"
#include "subscript_analysis.h"
#include "tree_utils.h"

#include "../runtime/abi.h"

#include <array>
#include <cstdlib>
#include <set>

namespace ferry {

namespace {

// The parameters of a pass's first index along each axis.
constexpr const char *kFirsts[3] = {"__ferry_first_x", "__ferry_first_y",
                                    "__ferry_first_z"};

class Mapping {
public:
  explicit Mapping(const IterationSpace &space) : space_(space) {}

  tree around(tree body) {
    const tree count_type = long_long_unsigned_type_node;
    rest_ = space_.add_local("__ferry_rest", count_type);
    narrow_rest_ = space_.add_local("__ferry_narrow_rest", unsigned_type_node);
    const bool nest = space_.loop_vars.size() >= 2;
    if (space_.framed)
      return linear_loops(body);
    if (runs_in_passes(space_.reduces))
      return nest ? grid_pass(body) : linear_pass(body);
    return nest ? grid_loops(body) : linear_loops(body);
  }

private:
  // The first LEVELS loop variables from the linear index INDEX, below
  // COUNT, innermost level fastest.  Collapsed nests divide; in 32 bits
  // when COUNT fits, since 64-bit division is a long software sequence on
  // the GPU.
  tree loop_variables(tree index, std::size_t levels, tree count) {
    if (levels == 1)
      return decompose(index, rest_, levels);
    tree fits =
        build2(LE_EXPR, boolean_type_node, count,
               build_int_cst(long_long_unsigned_type_node, 0xffffffffu));
    return build3(COND_EXPR, void_type_node, fits,
                  decompose(index, narrow_rest_, levels),
                  decompose(index, rest_, levels));
  }

  // The first LEVELS loop variables from INDEX, dividing in REST's type.
  tree decompose(tree index, tree rest, std::size_t levels) {
    tree statements = NULL_TREE;
    tree count_type = TREE_TYPE(rest);
    append_to_statement_list_force(assign(rest, index), &statements);
    for (std::size_t i = levels; i-- > 0;) {
      tree extent = fold_convert(
          count_type, space_.parameter("__ferry_extent_" + std::to_string(i)));
      tree position =
          i == 0 ? rest : build2(TRUNC_MOD_EXPR, count_type, rest, extent);
      append_to_statement_list_force(set_loop_variable(i, position),
                                     &statements);
      if (i > 0)
        append_to_statement_list_force(
            assign(rest, build2(TRUNC_DIV_EXPR, count_type, rest, extent)),
            &statements);
    }
    return statements;
  }

  // A loop of VAR by STEP, a thread count: unrolled UNROLL times where
  // UNROLL > 1 (unrollable_for).
  tree counted_loop(tree var, tree start, tree bound, tree step, tree body,
                    int unroll = 1) {
    if (unroll == 1)
      return counted_for(space_.location, var, start, bound, step, body);
    tree count_type = long_long_unsigned_type_node;
    return unrollable_for(space_.location, var, start, bound, step, body,
                          unroll, space_.add_local("__ferry_trips", count_type),
                          space_.add_local("__ferry_trip", count_type));
  }

  // A reduction's threads each loop over several iterations: unrolled,
  // their loads are in flight together, as nvcc's are.  The copies are
  // made in the host's GIMPLE before it is streamed (device_loops.cc):
  // GCC 12's nvptx offload compiler never unrolls a loop whose trip count
  // is known at run time only (doc/performance.md, "Team loops").  Loops
  // that store keep one copy: the GPU's assembler would not move a load
  // of one copy above a store of the one before; so does a reduction that
  // loads nothing (the pass's choice), counted as asked all the same.
  int grid_stride_unroll() const {
    return !space_.framed && space_.reduces ? kStridedUnroll : 1;
  }

  // Loop variable LEVEL = its lower bound + POSITION.
  tree set_loop_variable(std::size_t level, tree position) {
    tree var = space_.loop_vars[level];
    tree type = TREE_TYPE(var);
    return assign(
        var, build2(PLUS_EXPR, type,
                    space_.parameter("__ferry_lower_" + std::to_string(level)),
                    fold_convert(type, position)));
  }

  // A grid-stride loop over the linear index, around BODY.
  tree linear_loops(tree body) {
    tree count_type = long_long_unsigned_type_node;
    tree index = space_.add_local("__ferry_index", count_type);
    tree step = space_.add_local("__ferry_step", count_type);
    tree total = space_.parameter("__ferry_total");
    tree iteration = NULL_TREE;
    append_to_statement_list_force(
        loop_variables(index, space_.loop_vars.size(), total), &iteration);
    append_to_statement_list_force(body, &iteration);
    tree statements = NULL_TREE;
    append_to_statement_list_force(
        assign(step,
               call_direct_helper(
                   space_.framed ? "framed_thread_count" : "thread_count", {})),
        &statements);
    append_to_statement_list_force(
        counted_loop(index,
                     call_direct_helper(space_.framed ? "framed_thread_index"
                                                      : "thread_index",
                                        {}),
                     total, step, iteration, grid_stride_unroll()),
        &statements);
    return statements;
  }

  // A nest's axes over the grid (the launcher shapes it, cuda_launch.cc):
  // the innermost level along x, the next along y, the outer levels
  // together along z; each with the helpers that give a thread's place
  // along it and the grid's threads along it, and its count.
  struct GridAxis {
    const char *name, *index, *count;
    tree bound;
  };
  std::array<GridAxis, 3> grid_axes() const {
    return {{{"__ferry_column", "thread_index", "thread_count",
              space_.parameter("__ferry_extent_" +
                               std::to_string(level_along(0)))},
             {"__ferry_row", "grid_y_index", "grid_y_count",
              space_.parameter("__ferry_extent_" +
                               std::to_string(level_along(1)))},
             {"__ferry_layer", "grid_z_index", "grid_z_count",
              space_.parameter("__ferry_outer")}}};
  }

  // The loop variables that axis AXIS of grid_axes stands for, from
  // POSITION along it, appended to *STATEMENTS: the outer levels divide,
  // once per layer.
  void set_axis_variables(std::size_t axis, tree position, tree bound,
                          tree *statements) {
    const std::size_t outer_levels = space_.loop_vars.size() - 2;
    if (axis < 2)
      append_to_statement_list_force(
          set_loop_variable(level_along(axis), position), statements);
    else if (outer_levels > 0)
      append_to_statement_list_force(
          loop_variables(position, outer_levels, bound), statements);
  }

  // The level of a nest that grid axis AXIS (x 0, y 1) stands for.
  std::size_t level_along(std::size_t axis) const {
    const std::size_t inner = space_.loop_vars.size() - 1;
    return axis == (space_.x_along_next ? 1 : 0) ? inner : inner - 1;
  }

  // A nest's loops over the grid, each axis striding over what the grid
  // does not cover.  No division but for the outer levels.
  tree grid_loops(tree body) {
    tree count_type = long_long_unsigned_type_node;
    const std::array<GridAxis, 3> axes = grid_axes();
    tree statements = NULL_TREE;
    tree loops = body;
    for (std::size_t axis = 0; axis < axes.size(); ++axis) {
      tree position = space_.add_local(axes[axis].name, count_type);
      tree step = space_.add_local(
          (std::string(axes[axis].name) + "_step").c_str(), count_type);
      append_to_statement_list_force(
          assign(step, call_direct_helper(axes[axis].count, {})), &statements);
      tree iteration = NULL_TREE;
      set_axis_variables(axis, position, axes[axis].bound, &iteration);
      append_to_statement_list_force(loops, &iteration);
      loops = counted_loop(position, call_direct_helper(axes[axis].index, {}),
                           axes[axis].bound, step, iteration,
                           axis == 0 ? grid_stride_unroll() : 1);
    }
    append_to_statement_list_force(loops, &statements);
    return statements;
  }

  // BODY once, where `continue` still works: do BODY while (false).
  tree once(tree body) {
    return build_stmt(space_.location, DO_STMT, boolean_false_node,
                      statement_block(body, NULL_TREE));
  }

  // This thread's iteration of the loop, if it has one (runs_in_passes).
  tree linear_pass(tree body) {
    tree count_type = long_long_unsigned_type_node;
    tree index = space_.add_local("__ferry_index", count_type);
    tree total = space_.parameter("__ferry_total");
    tree statements = NULL_TREE;
    append_to_statement_list_force(
        assign(index,
               build2(PLUS_EXPR, count_type, space_.parameter(kFirsts[0]),
                      call_direct_helper("thread_index", {}))),
        &statements);
    tree iteration = NULL_TREE;
    append_to_statement_list_force(
        loop_variables(index, space_.loop_vars.size(), total), &iteration);
    append_to_statement_list_force(once(body), &iteration);
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node,
               build2(LT_EXPR, boolean_type_node, index, total), iteration,
               NULL_TREE),
        &statements);
    return statements;
  }

  // This thread's point of the nest, if it has one: grid_loops without
  // the loops.
  tree grid_pass(tree body) {
    tree count_type = long_long_unsigned_type_node;
    const std::array<GridAxis, 3> axes = grid_axes();
    tree statements = NULL_TREE, iteration = NULL_TREE;
    tree inside = boolean_true_node;
    // The outer levels first, as in grid_loops.
    for (std::size_t axis = axes.size(); axis-- > 0;) {
      tree position = space_.add_local(axes[axis].name, count_type);
      append_to_statement_list_force(
          assign(position,
                 build2(PLUS_EXPR, count_type, space_.parameter(kFirsts[axis]),
                        call_direct_helper(axes[axis].index, {}))),
          &statements);
      inside = build2(
          TRUTH_ANDIF_EXPR, boolean_type_node, inside,
          build2(LT_EXPR, boolean_type_node, position, axes[axis].bound));
      set_axis_variables(axis, position, axes[axis].bound, &iteration);
    }
    append_to_statement_list_force(once(body), &iteration);
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node, inside, iteration, NULL_TREE),
        &statements);
    return statements;
  }

  const IterationSpace &space_;
  tree rest_ = NULL_TREE, narrow_rest_ = NULL_TREE; // for dividing
};

} // namespace

bool x_along_next_level(const ParallelLoop &loop) {
  if (loop.levels.size() < 2)
    return false;
  std::vector<IndexVariable> vars;
  for (const LoopLevel &level : loop.levels) {
    IndexVariable var;
    static_cast<LoopLevel &>(var) = level;
    var.parallel = true;
    vars.push_back(var);
  }
  // The function's variables that the body names and never assigns keep
  // their values (`n` in `x[i * n + j]`).
  std::vector<tree> named;
  std::set<tree> assigned, declared;
  collect_named(loop.body, &named);
  collect_assigned(const_cast<tree *>(&loop.body), &assigned);
  collect_declared(loop.body, &declared);
  std::set<tree> unchanged;
  for (tree var : named)
    if (!assigned.count(var) && !declared.count(var))
      unchanged.insert(var);
  struct Strides {
    const std::vector<IndexVariable> &vars;
    const std::set<tree> &unchanged;
    tree inner, next;
    int along_inner = 0, along_next = 0;
    // An access ELEMENT bytes wide at OFFSET bytes.
    void count(tree offset, tree element) {
      if (!element || !tree_fits_shwi_p(element))
        return;
      const AffineOffset form = affine_offset(offset, vars, &unchanged);
      if (!form.affine)
        return;
      const auto steps_by_one = [&](tree var) {
        tree coefficient = coefficient_of(form, var);
        return coefficient && tree_fits_shwi_p(coefficient) &&
               std::abs(tree_to_shwi(coefficient)) == tree_to_shwi(element);
      };
      along_inner += steps_by_one(inner);
      along_next += steps_by_one(next);
    }
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *strides = static_cast<Strides *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
      } else if (TREE_CODE(t) == ARRAY_REF &&
                 TREE_CODE(TREE_TYPE(t)) != ARRAY_TYPE) {
        // a[i][j]: the element's own subscript.
        tree element = TYPE_SIZE_UNIT(TREE_TYPE(t));
        strides->count(fold_build2(MULT_EXPR, sizetype,
                                   fold_convert(sizetype, TREE_OPERAND(t, 1)),
                                   element),
                       element);
      } else if (TREE_CODE(t) == INDIRECT_REF) {
        // p[k], as the front end writes it: *(p + k * size).
        tree address = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
        while (CONVERT_EXPR_P(address) ||
               TREE_CODE(address) == NON_LVALUE_EXPR)
          address = tree_strip_any_location_wrapper(TREE_OPERAND(address, 0));
        if (TREE_CODE(address) == POINTER_PLUS_EXPR)
          strides->count(TREE_OPERAND(address, 1),
                         TYPE_SIZE_UNIT(TREE_TYPE(t)));
      }
      return NULL_TREE;
    }
  } strides{vars, unchanged, loop.levels.back().var,
            loop.levels[loop.levels.size() - 2].var};
  cp_walk_tree_without_duplicates(const_cast<tree *>(&loop.body),
                                  Strides::visit, &strides);
  return strides.along_next > 0 && strides.along_inner == 0;
}

void plan_iteration_parameters(const ParallelLoop &loop, bool reduces,
                               bool x_along_next,
                               const AddEntryParameter &add) {
  const bool nest = loop.levels.size() >= 2;
  const bool in_passes = runs_in_passes(reduces);
  tree count_type = long_long_unsigned_type_node;
  tree total = build_one_cst(count_type);
  tree outer = build_one_cst(count_type); // the levels above the two inner
  for (std::size_t i = 0; i < loop.levels.size(); ++i) {
    const LoopLevel &level = loop.levels[i];
    tree type = TREE_TYPE(level.var);
    tree lower = fold_convert(type, unshare_expr(level.lower));
    tree extent = fold_build3(
        COND_EXPR, count_type,
        fold_build2(LT_EXPR, boolean_type_node, lower,
                    unshare_expr(level.bound)),
        fold_convert(count_type,
                     fold_build2(MINUS_EXPR, type, unshare_expr(level.bound),
                                 unshare_expr(lower))),
        build_zero_cst(count_type));
    const std::string suffix = std::to_string(i);
    add(("__ferry_lower_" + suffix).c_str(), type, lower, FERRY_ROLE_VALUE);
    // A nest's two innermost levels shape the grid's x and y.
    const std::size_t from_inside = loop.levels.size() - 1 - i;
    const std::size_t axis =
        x_along_next && from_inside < 2 ? 1 - from_inside : from_inside;
    add(("__ferry_extent_" + suffix).c_str(), count_type, extent,
        nest && from_inside < 2 ? static_cast<char>(FERRY_ROLE_EXTENT + axis)
                                : static_cast<char>(FERRY_ROLE_VALUE));
    total = fold_build2(MULT_EXPR, count_type, total, unshare_expr(extent));
    if (from_inside >= 2)
      outer = fold_build2(MULT_EXPR, count_type, outer, unshare_expr(extent));
  }
  if (nest)
    add("__ferry_outer", count_type, outer,
        static_cast<char>(FERRY_ROLE_EXTENT + 2));
  if (in_passes)
    for (unsigned axis = 0; axis < (nest ? 3u : 1u); ++axis)
      add(kFirsts[axis], count_type, build_zero_cst(count_type),
          static_cast<char>(FERRY_ROLE_FIRST + axis));
  add("__ferry_total", count_type, total, FERRY_ROLE_VALUE);
}

tree iterations_around(const IterationSpace &space, tree body) {
  return Mapping(space).around(body);
}

} // namespace ferry
