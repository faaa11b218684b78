// SPDX-License-Identifier: GPL-3.0-or-later
// Team loops: a program's `#pragma omp target teams distribute` loop whose
// iterations run `#pragma omp parallel for` loops among statements of
// their team, as OpenMP ports of CUDA's one-block-a-row kernels write
// them (HeCBench's channelSum, addBiasResidualLayerNorm: a row's sum
// reduced by the team's threads, then used by the team).  GCC runs the
// team's statements on one lane of one warp and each nested loop on the
// team's warps through libgomp.  ferry reads the loop as the statements
// every thread of one CUDA block runs, which team_regions.cc makes the
// body of a team entry:
//
//   for (k = block_index(); k < trips; k += block_count()) {
//     <the distribute loop's variables from k>
//     <a statement of the team that sets only the team's numbers and
//      pointers: every thread runs it, each keeping a copy, all alike>
//     <one that writes memory: thread 0 runs it, then the block waits>
//     <a parallel for: its iterations spread over the block's threads;
//      each reduction combined in every thread (team_reduce_*, which
//      ends in a barrier), else a barrier, the construct's own end>
//   }
//
// The team's arrays are the block's .shared memory.  The region is not
// checked (as a team region is not): its parallel loops see the team's
// statements between them, which the loop checker does not follow.
//
// Input: the teams construct at its function's PRE_GENERICIZE.  Output:
// TeamLoop, or the reason the region keeps GCC's path.
#include "team_loops.h"

#include "device_functions.h"
#include "device_loops.h"
#include "direct_header.h"
#include "reductions.h"
#include "region_reader.h"
#include "team_statements.h"
#include "tree_utils.h"

#include <algorithm>
#include <set>

namespace ferry {

namespace {

tree count_type() { return long_long_unsigned_type_node; }

// STATEMENT of the region, to be put in a new statement list: a list
// inside braces of its own, for appending a list moves its statements
// (tsi_link_after), which the region as it was keeps for GCC's path.
tree kept(tree statement) {
  return TREE_CODE(statement) == STATEMENT_LIST
             ? statement_block(statement, NULL_TREE)
             : statement;
}

// LEVEL's iterations as an unsigned long long: bound - lower, divided by
// the step rounding up, or none.
tree extent_of(const LoopLevel &level) {
  tree lower = fold_convert(count_type(), unshare_expr(level.lower));
  tree bound = fold_convert(count_type(), unshare_expr(level.bound));
  tree span = fold_build2(MINUS_EXPR, count_type(), bound, lower);
  if (level.step) {
    tree step = fold_convert(count_type(), level.step);
    span = fold_build2(
        TRUNC_DIV_EXPR, count_type(),
        fold_build2(PLUS_EXPR, count_type(), span,
                    fold_build2(MINUS_EXPR, count_type(), step,
                                build_one_cst(count_type()))),
        step);
  }
  return fold_build3(
      COND_EXPR, count_type(),
      fold_build2(GT_EXPR, boolean_type_node, unshare_expr(level.bound),
                  unshare_expr(level.lower)),
      span, build_zero_cst(count_type()));
}

// The <ferry/direct.hpp> query NAME(), as an unsigned long long.
tree block_query(const char *name) {
  return fold_convert(count_type(), call_direct_helper(name, {}));
}

// The loop construct of `distribute` or `distribute parallel for
// [simd]`, the teams construct's BODY: the one with the loop's levels;
// NULL_TREE for another body.
tree team_loop_construct(tree body) {
  tree construct = only_statement(body);
  if (!construct || TREE_CODE(construct) != OMP_DISTRIBUTE)
    return NULL_TREE;
  while (TREE_CODE(construct) == OMP_PARALLEL || !OMP_FOR_INIT(construct)) {
    // The outer parts of a combined construct have no loop of their own.
    tree inner = only_statement(TREE_CODE(construct) == OMP_PARALLEL
                                    ? OMP_PARALLEL_BODY(construct)
                                    : OMP_FOR_BODY(construct));
    if (!inner || (TREE_CODE(inner) != OMP_PARALLEL &&
                   TREE_CODE(inner) != OMP_FOR && TREE_CODE(inner) != OMP_SIMD))
      return NULL_TREE;
    construct = inner;
  }
  return construct;
}

class TeamLoopReader {
public:
  TeamLoopReader(tree fndecl, TeamLoop *loop) : fndecl_(fndecl), loop_(*loop) {}

  bool read(tree teams, std::string *why_not) {
    const bool read = read_distribute(teams);
    if (!read)
      *why_not = why_;
    return read;
  }

private:
  bool refuse(const std::string &why) {
    if (why_.empty())
      why_ = why;
    return false;
  }

  static std::string line_of(tree t, location_t otherwise) {
    const location_t where = TREE_CODE(t) == OMP_CLAUSE
                                 ? OMP_CLAUSE_LOCATION(t)
                                 : location_or(t, otherwise);
    return std::to_string(expand_location(where).line);
  }

  // A variable of the function for the entry's code, in *VARS.
  tree local(const char *name, tree type, tree *vars) {
    return chained_local(location_, fndecl_, name, type, vars);
  }

  void own(tree var) {
    if (std::find(loop_.own_variables.begin(), loop_.own_variables.end(),
                  var) == loop_.own_variables.end())
      loop_.own_variables.push_back(var);
  }

  bool read_distribute(tree teams) {
    tree distribute = only_statement(OMP_TEAMS_BODY(teams));
    location_ = location_or(distribute, location_or(teams, UNKNOWN_LOCATION));
    tree loop = team_loop_construct(OMP_TEAMS_BODY(teams));
    if (!loop)
      return refuse("its teams run no one 'distribute' loop");
    // `distribute`, or `distribute parallel for [simd]`, whose outer loop
    // ferry spreads over the blocks as a distribute loop: OpenMP lets the
    // parallel loops nested in its iterations have threads of their own.
    for (tree construct = distribute;;
         construct = only_statement(TREE_CODE(construct) == OMP_PARALLEL
                                        ? OMP_PARALLEL_BODY(construct)
                                        : OMP_FOR_BODY(construct))) {
      const bool parallel = TREE_CODE(construct) == OMP_PARALLEL;
      for (tree c = parallel ? OMP_PARALLEL_CLAUSES(construct)
                             : OMP_FOR_CLAUSES(construct);
           c; c = OMP_CLAUSE_CHAIN(c))
        if (!outer_clause(c))
          return false;
      if (construct == loop)
        break;
    }
    if (tree asked = openmp_query_in(OMP_FOR_BODY(loop)))
      return refuse("its loop calls '" + name_of(asked) +
                    "', whose answer for a team's statements (one thread) "
                    "and its parallel loops (the team's) ferry's block "
                    "does not keep apart");
    std::vector<LoopLevel> levels;
    if (!read_levels(loop, &levels))
      return false;
    tree body = alloc_stmt_list();
    if (!team_code(OMP_FOR_BODY(loop), &body))
      return false;
    flush_guarded(&body);
    if (!phases_)
      return refuse("its loop runs no parallel loop (a parallel construct "
                    "that is no loop runs its body whole, on one thread in "
                    "GCC's build and in ferry's)");
    tree vars = NULL_TREE;
    tree trips = local("__ferry_trips", count_type(), &vars);
    tree index = local("__ferry_team_index", count_type(), &vars);
    tree iteration = alloc_stmt_list();
    // A team's arrays are the block's: the threads still reading them in
    // the previous iteration's last statements have done so first.
    if (!loop_.team_arrays.empty())
      append_to_statement_list_force(call_direct_helper("block_barrier", {}),
                                     &iteration);
    append_to_statement_list_force(set_variables(levels, index, &vars),
                                   &iteration);
    append_to_statement_list_force(body, &iteration);
    tree statements = alloc_stmt_list();
    append_to_statement_list_force(assign(trips, trips_of(levels)),
                                   &statements);
    append_to_statement_list_force(
        counted_for(location_, index, block_query("block_index"), trips,
                    block_query("block_count"), iteration),
        &statements);
    loop_.threads_body = statement_block(statements, vars);
    loop_.trips = trips_of(levels);
    return true;
  }

  // A clause of the outer constructs, C: one ferry's distribution keeps.
  bool outer_clause(tree c) {
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_COLLAPSE:
    case OMP_CLAUSE_DIST_SCHEDULE:
    case OMP_CLAUSE_SCHEDULE:
    case OMP_CLAUSE_NOWAIT:
    case OMP_CLAUSE_SIMDLEN:
    case OMP_CLAUSE_SAFELEN:
    case OMP_CLAUSE_PROC_BIND:
    case OMP_CLAUSE_DEFAULT:
    case OMP_CLAUSE_FIRSTPRIVATE: // each thread's copy of the function's
    case OMP_CLAUSE_SHARED:
      return true;
    case OMP_CLAUSE_NUM_THREADS:
      // The threads an outer `parallel for` asks to share the iterations:
      // the count its author meant for each (moe's TPB), which the nested
      // loops may have.
      loop_.thread_requests.push_back(OMP_CLAUSE_NUM_THREADS_EXPR(c));
      return true;
    case OMP_CLAUSE_LINEAR:
      linear_.push_back(OMP_CLAUSE_DECL(c));
      return true;
    case OMP_CLAUSE_PRIVATE:
      if (!is_own_storage(OMP_CLAUSE_DECL(c)))
        return refuse_private(OMP_CLAUSE_DECL(c));
      own(OMP_CLAUSE_DECL(c));
      return true;
    default:
      return refuse("its loop's construct has a '" +
                    std::string(omp_clause_code_name[OMP_CLAUSE_CODE(c)]) +
                    "' clause");
    }
  }

  // The levels of the loop construct LOOP, rectangular, their variables
  // each thread's own.
  bool read_levels(tree loop, std::vector<LoopLevel> *levels) {
    for (tree_stmt_iterator i = tsi_start(pre_body_list(loop)); !tsi_end_p(i);
         tsi_next(&i))
      if (TREE_CODE(tsi_stmt(i)) != DECL_EXPR &&
          TREE_CODE(tsi_stmt(i)) != DEBUG_BEGIN_STMT)
        return refuse("its loop at line " + line_of(loop, location_) +
                      " computes something before its first iteration");
    tree init = OMP_FOR_INIT(loop);
    for (int l = 0; l < TREE_VEC_LENGTH(init); ++l) {
      LoopLevel level;
      std::string why;
      if (!read_loop_level(TREE_VEC_ELT(init, l),
                           TREE_VEC_ELT(OMP_FOR_COND(loop), l),
                           TREE_VEC_ELT(OMP_FOR_INCR(loop), l), location_,
                           &level, &why, /*stepped=*/true))
        return refuse("at line " + line_of(loop, location_) + ", " + why);
      for (const LoopLevel &outer : *levels)
        if (mentions(level.lower, outer.var) ||
            mentions(level.bound, outer.var))
          return refuse("its collapsed loops are not rectangular");
      own(level.var);
      levels->push_back(level);
    }
    // A linear variable steps with the iterations, which only the loop's
    // own variables do in ferry's block.
    for (tree var : linear_)
      if (std::none_of(levels->begin(), levels->end(),
                       [var](const LoopLevel &l) { return l.var == var; }))
        return refuse("its loop at line " + line_of(loop, location_) +
                      " has a 'linear' clause of '" + name_of(var) +
                      "', which is not its loop's variable");
    linear_.clear();
    return true;
  }

  static tree pre_body_list(tree loop) {
    tree pre = OMP_FOR_PRE_BODY(loop);
    if (pre && TREE_CODE(pre) != STATEMENT_LIST) {
      tree list = alloc_stmt_list();
      append_to_statement_list_force(pre, &list);
      return list;
    }
    return pre ? pre : alloc_stmt_list();
  }

  static tree trips_of(const std::vector<LoopLevel> &levels) {
    tree trips = NULL_TREE;
    for (const LoopLevel &level : levels)
      trips = trips ? fold_build2(MULT_EXPR, count_type(), trips,
                                  extent_of(level))
                    : extent_of(level);
    return trips;
  }

  // The levels' variables at the linear iteration INDEX, the last level
  // fastest.
  tree set_variables(const std::vector<LoopLevel> &levels, tree index,
                     tree *vars) {
    tree statements = alloc_stmt_list();
    tree rest = index;
    if (levels.size() > 1) {
      rest = local("__ferry_rest", count_type(), vars);
      append_to_statement_list_force(assign(rest, index), &statements);
    }
    for (std::size_t l = levels.size(); l-- > 0;) {
      tree extent = extent_of(levels[l]);
      tree position = l == 0 ? rest
                             : build2(TRUNC_MOD_EXPR, count_type(), rest,
                                      extent);
      append_to_statement_list_force(set_variable(levels[l], position),
                                     &statements);
      if (l > 0)
        append_to_statement_list_force(
            assign(rest, build2(TRUNC_DIV_EXPR, count_type(), rest,
                                unshare_expr(extent))),
            &statements);
    }
    return statements;
  }

  static tree set_variable(const LoopLevel &level, tree position) {
    tree type = TREE_TYPE(level.var);
    tree offset = fold_convert(type, position);
    if (level.step)
      offset = build2(MULT_EXPR, type, offset, level.step);
    return assign(level.var,
                  build2(PLUS_EXPR, type,
                         fold_convert(type, unshare_expr(level.lower)),
                         offset));
  }


  // What each thread may keep a copy of: a number or a pointer.
  static bool is_own_storage(tree var) {
    return (VAR_P(var) || TREE_CODE(var) == PARM_DECL) &&
           (is_number_type(TREE_TYPE(var)) ||
            TREE_CODE(TREE_TYPE(var)) == POINTER_TYPE);
  }

  bool refuse_private(tree var) {
    return refuse("its '" + name_of(var) +
                  "' is private to a construct but no number or pointer");
  }

  // The distribute loop's body, STATEMENT, into *OUT: the team's
  // variables declared, its statements and its parallel loops.
  bool team_code(tree statement, tree *out) {
    switch (TREE_CODE(statement)) {
    case BIND_EXPR:
      for (tree var = BIND_EXPR_VARS(statement); var; var = DECL_CHAIN(var))
        if (!declare_team_variable(var))
          return false;
      return team_code(BIND_EXPR_BODY(statement), out);
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start(statement); !tsi_end_p(i);
           tsi_next(&i))
        if (!team_code(tsi_stmt(i), out))
          return false;
      return true;
    case DEBUG_BEGIN_STMT:
      return true;
    case OMP_PARALLEL:
      flush_guarded(out);
      return phase(statement, out);
    default:
      break;
    }
    tree bare_statement = strip_statement_wrappers(statement);
    if (TREE_CODE(bare_statement) == DECL_EXPR) {
      tree var = DECL_EXPR_DECL(bare_statement);
      if (!VAR_P(var) || !DECL_INITIAL(var) || !own_.count(var))
        return true; // a type, or a declaration without a value
      return team_statement(statement, assign(var, unshare_expr(DECL_INITIAL(var))),
                            out);
    }
    if (tree inside = nested_construct(statement)) {
      if (tree steered = steered_team_code(bare_statement, out))
        return steered != error_mark_node;
      return refuse("its loop runs a '#pragma " + construct_spelling(inside) +
                    "' at line " +
                    line_of(inside, location_) +
                    " inside another statement of its team");
    }
    return team_statement(statement, statement, out);
  }

  // An `if`, `for`, `while` or `do` of the team whose body runs parallel
  // loops (groupnorm's loop over a group's channels, each channel's sums
  // a parallel loop): every thread runs it, its body in the team's forms,
  // on a condition and steps that set only the team's numbers, alike in
  // each thread.  Into *OUT; error_mark_node where it cannot be so,
  // NULL_TREE for another statement.
  tree steered_team_code(tree statement, tree *out) {
    // The statement's operands: its conditions and steps, and its bodies.
    std::vector<int> controls, bodies;
    switch (TREE_CODE(statement)) {
    case IF_STMT: // IF_COND, THEN_CLAUSE, ELSE_CLAUSE
      controls = {0};
      bodies = {1, 2};
      break;
    case FOR_STMT: // FOR_INIT_STMT, FOR_COND, FOR_EXPR, FOR_BODY
      controls = {0, 1, 2};
      bodies = {3};
      break;
    case WHILE_STMT: // WHILE_COND, WHILE_BODY
      controls = {0};
      bodies = {1};
      break;
    case DO_STMT: // DO_BODY, DO_COND
      controls = {1};
      bodies = {0};
      break;
    default:
      return NULL_TREE;
    }
    for (int control : controls) {
      tree code = TREE_OPERAND(statement, control);
      if (team_statement_effects(code).memory || nested_construct(code)) {
        refuse("the condition or steps of its team's statement at line " +
               line_of(statement, location_) +
               ", which runs parallel loops, write memory");
        return error_mark_node;
      }
    }
    flush_guarded(out);
    tree steered = copy_node(statement);
    for (int body : bodies) {
      if (!TREE_OPERAND(statement, body))
        continue;
      tree statements = alloc_stmt_list();
      if (!team_code(TREE_OPERAND(statement, body), &statements))
        return error_mark_node;
      flush_guarded(&statements);
      TREE_OPERAND(steered, body) = statement_block(statements, NULL_TREE);
    }
    append_to_statement_list_force(steered, out);
    return steered;
  }

  // A variable the distribute loop's body declares at its team's level.
  bool declare_team_variable(tree var) {
    if (!VAR_P(var))
      return true;
    if (TREE_STATIC(var) || DECL_EXTERNAL(var))
      return refuse("its team declares '" + name_of(var) +
                    "' of static storage");
    if (is_own_storage(var)) {
      own_.insert(var);
      own(var);
      return true;
    }
    tree type = TREE_TYPE(var);
    if (TREE_CODE(type) == ARRAY_TYPE && is_number_type(strip_array_types(type)) &&
        TYPE_SIZE_UNIT(type) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(type)) &&
        !DECL_INITIAL(var)) {
      loop_.team_arrays.push_back(var);
      return true;
    }
    return refuse("its team declares '" + name_of(var) +
                  "', which is neither a number, a pointer, nor an "
                  "uninitialized array of numbers of a size known at "
                  "compile time");
  }

  static tree nested_construct(tree statement) {
    return first_node_of(statement, is_non_atomic_construct);
  }

  // STATEMENT of the team, as CODE (itself, or a declaration's value as an
  // assignment), into *OUT: run by every thread, or by thread 0 before a
  // barrier (guarded_, flushed at the next statement every thread runs).
  bool team_statement(tree statement, tree code, tree *out) {
    const TeamStatementEffects effects = team_statement_effects(code);
    std::set<tree> declared;
    collect_declared(code, &declared);
    tree sets = NULL_TREE;
    for (tree var : effects.variables)
      if (!declared.count(var))
        sets = var;
    if (!effects.memory) {
      flush_guarded(out);
      append_to_statement_list_force(kept(code), out);
      return true;
    }
    if (sets)
      return refuse("its team's statement at line " +
                    line_of(statement, location_) + " sets '" +
                    name_of(sets) +
                    "' and writes memory, or calls a function that may, "
                    "which ferry's block does on one thread while every "
                    "thread keeps the team's '" + name_of(sets) + "'");
    if (effects.jumps)
      return refuse("its team's statement at line " +
                    line_of(statement, location_) +
                    " writes memory and jumps out of itself");
    if (!guarded_)
      guarded_ = alloc_stmt_list();
    append_to_statement_list_force(kept(code), &guarded_);
    return true;
  }

  // The statements that write memory, on thread 0, then a barrier.
  void flush_guarded(tree *out) {
    if (!guarded_)
      return;
    tree first = build2(EQ_EXPR, boolean_type_node,
                        call_direct_helper("block_thread", {}),
                        build_zero_cst(unsigned_type_node));
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node, first, guarded_, NULL_TREE), out);
    append_to_statement_list_force(call_direct_helper("block_barrier", {}),
                                   out);
    guarded_ = NULL_TREE;
  }

  bool add_reduction(tree c, std::vector<Reduction> *reductions) {
    tree var = OMP_CLAUSE_DECL(c);
    tree_code op = OMP_CLAUSE_REDUCTION_CODE(c);
    if (op == MINUS_EXPR)
      op = PLUS_EXPR; // OpenMP's `-` adds the threads' values
    if (!(VAR_P(var) || TREE_CODE(var) == PARM_DECL) ||
        !is_number_type(TREE_TYPE(var)) || TREE_STATIC(var) ||
        DECL_EXTERNAL(var) || OMP_CLAUSE_REDUCTION_PLACEHOLDER(c) ||
        OMP_CLAUSE_REDUCTION_INSCAN(c) || OMP_CLAUSE_REDUCTION_TASK(c) ||
        !reduction_device_helper(op) ||
        tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(var))) > 8)
      return refuse("its reduction of '" +
                    (DECL_P(var) ? name_of(var) : std::string("?")) +
                    "' at line " + line_of(c, location_) +
                    " is not one of a number with +, *, min, max, &, | or ^");
    for (const Reduction &known : *reductions)
      if (known.var == var)
        return true;
    reductions->push_back({var, op, OMP_CLAUSE_LOCATION(c)});
    return true;
  }

  // What a parallel construct's clauses make each thread's own: copies
  // of its private variables, to give back after it, and its reduction
  // variables' values before it, each variable starting from its
  // operator's identity.
  struct Privatized {
    std::vector<std::pair<tree, tree>> saved; // variable, its copy
    std::vector<tree> initials;               // each reduction's, in order
  };

  Privatized privatize(const std::vector<Reduction> &reductions,
                       const std::vector<tree> &privates, tree *statements,
                       tree *vars) {
    Privatized own;
    for (tree var : privates) {
      tree copy = local("__ferry_saved", TREE_TYPE(var), vars);
      append_to_statement_list_force(assign(copy, var), statements);
      own.saved.emplace_back(var, copy);
    }
    for (const Reduction &r : reductions) {
      tree type = TYPE_MAIN_VARIANT(TREE_TYPE(r.var));
      tree initial = local("__ferry_initial", type, vars);
      append_to_statement_list_force(assign(initial, r.var), statements);
      append_to_statement_list_force(
          assign(r.var, reduction_identity(r.op, type)), statements);
      own.initials.push_back(initial);
    }
    return own;
  }

  static void restore(const Privatized &own, tree *statements) {
    for (const auto &[var, copy] : own.saved)
      append_to_statement_list_force(assign(var, copy), statements);
  }

  // One parallel construct, PARALLEL, around one `for` loop: its
  // iterations over the block's threads, into *OUT.
  bool phase(tree parallel, tree *out) {
    ++phases_;
    std::vector<Reduction> reductions;
    std::vector<tree> privates;
    tree loop = NULL_TREE;
    for (tree c = OMP_PARALLEL_CLAUSES(parallel); c; c = OMP_CLAUSE_CHAIN(c))
      if (!phase_clause(c, &reductions, &privates))
        return false;
    for (tree statement = only_statement(OMP_PARALLEL_BODY(parallel));
         statement && (TREE_CODE(statement) == OMP_FOR ||
                       TREE_CODE(statement) == OMP_SIMD);
         statement = only_statement(OMP_FOR_BODY(statement))) {
      for (tree c = OMP_FOR_CLAUSES(statement); c; c = OMP_CLAUSE_CHAIN(c))
        if (!phase_clause(c, &reductions, &privates))
          return false;
      if (OMP_FOR_INIT(statement)) {
        loop = statement;
        break;
      }
    }
    if (!loop) {
      --phases_;
      return one_thread(parallel, reductions, privates, out);
    }
    std::vector<LoopLevel> levels;
    if (!read_levels(loop, &levels))
      return false;
    loop_.loop_trips.push_back(trips_of(levels));
    // A loop's own variable is each thread's already.
    privates.erase(std::remove_if(privates.begin(), privates.end(),
                                  [&levels](tree var) {
                                    return std::any_of(
                                        levels.begin(), levels.end(),
                                        [var](const LoopLevel &l) {
                                          return l.var == var;
                                        });
                                  }),
                   privates.end());
    // What the iterations write of the team's or the function's variables:
    // shared by the team's threads, unless a clause makes it theirs.
    std::set<tree> written, declared;
    collect_assigned(&OMP_FOR_BODY(loop), &written);
    collect_declared(OMP_FOR_BODY(loop), &declared);
    for (tree var : written) {
      const bool theirs =
          declared.count(var) || TREE_CODE(TREE_TYPE(var)) == ARRAY_TYPE ||
          std::any_of(levels.begin(), levels.end(),
                      [var](const LoopLevel &l) { return l.var == var; }) ||
          std::any_of(reductions.begin(), reductions.end(),
                      [var](const Reduction &r) { return r.var == var; }) ||
          std::find(privates.begin(), privates.end(), var) != privates.end();
      if (!theirs)
        return refuse("its parallel loop at line " + line_of(loop, location_) +
                      " writes '" + name_of(var) +
                      "', which the team's threads share, or takes its "
                      "address (declare it in the loop, or name it in a "
                      "'private' or 'reduction' clause)");
    }
    tree vars = NULL_TREE, statements = alloc_stmt_list();
    const Privatized own = privatize(reductions, privates, &statements, &vars);
    append_to_statement_list_force(
        phase_loop(levels, OMP_FOR_BODY(loop),
                   reductions.empty() ? 1 : kStridedUnroll, &vars),
        &statements);
    for (std::size_t i = 0; i < reductions.size(); ++i) {
      const std::string helper =
          std::string("team_") + reduction_device_helper(reductions[i].op);
      tree combined = call_direct_helper(
          helper.c_str(), {reductions[i].var, own.initials[i]});
      if (combined == error_mark_node)
        return refuse("<ferry/direct.hpp> has no " + helper);
      append_to_statement_list_force(assign(reductions[i].var, combined),
                                     &statements);
    }
    restore(own, &statements);
    if (reductions.empty())
      append_to_statement_list_force(call_direct_helper("block_barrier", {}),
                                     &statements);
    append_to_statement_list_force(statement_block(statements, vars), out);
    return true;
  }

  // A parallel construct that is no loop (logprob's `parallel
  // reduction(max: m)` around a plain `for`): every thread of its team
  // would run the whole body, so its meaning depends on how many there
  // are; GCC's build gives a nested one one thread, which ferry keeps: the
  // body as one statement of the team, its reductions and private
  // variables as one thread's.
  bool one_thread(tree parallel, const std::vector<Reduction> &reductions,
                  const std::vector<tree> &privates, tree *out) {
    tree body = OMP_PARALLEL_BODY(parallel);
    if (tree inside = nested_construct(body))
      return refuse("its parallel construct at line " +
                    line_of(parallel, location_) + " holds a '#pragma " +
                    construct_spelling(inside) + "' that is not its loop");
    tree vars = NULL_TREE, statements = alloc_stmt_list();
    const Privatized own = privatize(reductions, privates, &statements, &vars);
    append_to_statement_list_force(kept(body), &statements);
    for (std::size_t i = 0; i < reductions.size(); ++i) {
      tree var = reductions[i].var;
      tree type = TREE_TYPE(own.initials[i]);
      append_to_statement_list_force(
          assign(var, build2(reductions[i].op, type, own.initials[i],
                             fold_convert(type, var))),
          &statements);
    }
    restore(own, &statements);
    return team_statement(parallel, statement_block(statements, vars), out);
  }

  static std::string construct_spelling(tree construct) {
    std::string name = get_tree_code_name(TREE_CODE(construct));
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
  }

  bool phase_clause(tree c, std::vector<Reduction> *reductions,
                    std::vector<tree> *privates) {
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_NUM_THREADS:
      loop_.thread_requests.push_back(OMP_CLAUSE_NUM_THREADS_EXPR(c));
      return true;
    case OMP_CLAUSE_REDUCTION:
      return add_reduction(c, reductions);
    case OMP_CLAUSE_LINEAR:
      linear_.push_back(OMP_CLAUSE_DECL(c));
      return true;
    case OMP_CLAUSE_PRIVATE:
    case OMP_CLAUSE_FIRSTPRIVATE: {
      tree var = OMP_CLAUSE_DECL(c);
      if (!is_own_storage(var))
        return refuse_private(var);
      if (std::find(privates->begin(), privates->end(), var) ==
          privates->end())
        privates->push_back(var);
      return true;
    }
    case OMP_CLAUSE_SHARED:
    case OMP_CLAUSE_DEFAULT:
    case OMP_CLAUSE_PROC_BIND:
    case OMP_CLAUSE_COLLAPSE:
    case OMP_CLAUSE_SCHEDULE:
    case OMP_CLAUSE_NOWAIT:
    case OMP_CLAUSE_SIMDLEN:
    case OMP_CLAUSE_SAFELEN:
      return true;
    default:
      return refuse("its parallel loop at line " + line_of(c, location_) +
                    " has a '" +
                    std::string(omp_clause_code_name[OMP_CLAUSE_CODE(c)]) +
                    "' clause");
    }
  }

  // The iterations of LEVELS over the block's threads, around BODY: the
  // linear iteration from the thread's number, by the block's threads;
  // one loop unrolled UNROLL times (iteration_space.cc's
  // grid_stride_unroll says why). A collapsed nest keeps each level's
  // position and adds the step to them with carries, so that no iteration
  // divides.
  tree phase_loop(const std::vector<LoopLevel> &levels, tree body,
                  int unroll, tree *vars) {
    tree statements = alloc_stmt_list();
    if (levels.size() == 1) {
      tree index = local("__ferry_index", count_type(), vars);
      tree iteration = alloc_stmt_list();
      append_to_statement_list_force(set_variable(levels[0], index),
                                     &iteration);
      append_to_statement_list_force(kept(body), &iteration);
      tree start = block_query("block_thread");
      tree bound = extent_of(levels[0]);
      tree step = block_query("block_threads");
      append_to_statement_list_force(
          unroll > 1
              ? unrollable_for(location_, index, start, bound, step,
                               iteration, unroll,
                               local("__ferry_trips", count_type(), vars),
                               local("__ferry_trip", count_type(), vars))
              : counted_for(location_, index, start, bound, step, iteration),
          &statements);
      return statements;
    }
    const std::size_t count = levels.size();
    std::vector<tree> extents, positions, steps;
    tree total = local("__ferry_total", count_type(), vars);
    tree rest = local("__ferry_rest", count_type(), vars);
    tree carry = local("__ferry_carry", count_type(), vars);
    for (std::size_t l = 0; l < count; ++l) {
      extents.push_back(local("__ferry_extent", count_type(), vars));
      positions.push_back(local("__ferry_position", count_type(), vars));
      steps.push_back(local("__ferry_step", count_type(), vars));
      append_to_statement_list_force(assign(extents[l], extent_of(levels[l])),
                                     &statements);
      append_to_statement_list_force(
          assign(total, l == 0 ? extents[0]
                               : build2(MULT_EXPR, count_type(), total,
                                        extents[l])),
          &statements);
    }
    // Digits of the thread's number and of the block's threads, the last
    // level's fastest; none where the nest is empty (no division by 0).
    tree digits = alloc_stmt_list();
    for (auto [digits_of, of] : {std::pair{&positions, "block_thread"},
                                 std::pair{&steps, "block_threads"}}) {
      append_to_statement_list_force(assign(rest, block_query(of)), &digits);
      for (std::size_t l = count; l-- > 1;) {
        append_to_statement_list_force(
            assign((*digits_of)[l],
                   build2(TRUNC_MOD_EXPR, count_type(), rest, extents[l])),
            &digits);
        append_to_statement_list_force(
            assign(rest, build2(TRUNC_DIV_EXPR, count_type(), rest, extents[l])),
            &digits);
      }
      append_to_statement_list_force(assign((*digits_of)[0], rest), &digits);
    }
    tree iteration = alloc_stmt_list();
    for (std::size_t l = 0; l < count; ++l)
      append_to_statement_list_force(set_variable(levels[l], positions[l]),
                                     &iteration);
    append_to_statement_list_force(kept(body), &iteration);
    // position += step, digit by digit: each digit below its extent, so a
    // sum with a carry is below twice the extent.
    tree advance = assign(carry, build_zero_cst(count_type()));
    for (std::size_t l = count; l-- > 0;) {
      tree sum = build2(PLUS_EXPR, count_type(), positions[l],
                        build2(PLUS_EXPR, count_type(), steps[l], carry));
      advance = build2(COMPOUND_EXPR, void_type_node, advance,
                       assign(positions[l], sum));
      if (l == 0)
        break;
      tree over = fold_convert(count_type(),
                               build2(GE_EXPR, boolean_type_node, positions[l],
                                      extents[l]));
      advance = build2(COMPOUND_EXPR, void_type_node, advance,
                       assign(carry, over));
      advance = build2(
          COMPOUND_EXPR, void_type_node, advance,
          assign(positions[l],
                 build2(MINUS_EXPR, count_type(), positions[l],
                        build2(MULT_EXPR, count_type(), carry, extents[l]))));
    }
    tree condition = build2(LT_EXPR, boolean_type_node, positions[0],
                            extents[0]);
    tree walk = build_stmt(location_, FOR_STMT, NULL_TREE, condition, advance,
                           statement_block(iteration, NULL_TREE), NULL_TREE);
    tree nonempty = alloc_stmt_list();
    append_to_statement_list_force(digits, &nonempty);
    append_to_statement_list_force(walk, &nonempty);
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node,
               build2(NE_EXPR, boolean_type_node, total,
                      build_zero_cst(count_type())),
               nonempty, NULL_TREE),
        &statements);
    return statements;
  }

  const tree fndecl_;
  TeamLoop &loop_;
  location_t location_ = UNKNOWN_LOCATION;
  std::set<tree> own_;      // the team's numbers and pointers
  std::vector<tree> linear_; // the linear variables of the loop being read
  tree guarded_ = NULL_TREE; // statements waiting for thread 0
  unsigned phases_ = 0;
  std::string why_;
};

} // namespace

bool is_team_loop(tree target) {
  tree teams = only_statement(OMP_TARGET_BODY(target));
  if (!teams || TREE_CODE(teams) != OMP_TEAMS)
    return false;
  tree loop = team_loop_construct(OMP_TEAMS_BODY(teams));
  return loop && first_node_of(OMP_FOR_BODY(loop), [](tree_code code) {
           return code == OMP_PARALLEL;
         });
}

bool read_team_loop(tree fndecl, tree teams, TeamLoop *loop,
                    std::string *why_not) {
  return TeamLoopReader(fndecl, loop).read(teams, why_not);
}

} // namespace ferry
