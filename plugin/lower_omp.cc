// SPDX-License-Identifier: GPL-3.0-or-later
// Rewrites a checked kernel into OpenMP: each parallel loop nest becomes
// `#pragma omp target teams distribute parallel for simd` with the planned
// map clauses, its shared_mut updates `#pragma omp atomic` (a number
// narrower than 32 bits, a compare-and-swap of its word: narrow_atomics.h),
// and the kernel body is wrapped in the libferry launch sequence of
// runtime/abi.h.
//
// Input: the Kernel model and the MapDecisions.  Output: the kernel's
// DECL_SAVED_TREE, rewritten in place (still C++ front-end trees, which
// cp_genericize lowers next), and its pointer parameters marked restrict.
//
// The construct is assembled the way cp_parser_omp_target assembles the
// combined pragma: clauses are split with c_omp_split_clauses and finished
// per construct, the loop goes through finish_omp_for, and every construct
// body is a BIND_EXPR with its own BLOCK.  Compare the result with
// -fdump-tree-original of the hand-written pragma.
#include "lower_omp.h"

#include "../runtime/abi.h"

#include "lower_direct.h"
#include "narrow_atomics.h"
#include "reductions.h"
#include "runtime_calls.h"
#include "simt_safety.h"
#include "tree_utils.h"

#include <string>

namespace ferry {

namespace {

#define CLAUSE_BIT(name) (OMP_CLAUSE_MASK_1 << PRAGMA_OMP_CLAUSE_##name)

// The clauses the parser accepts on `target teams distribute parallel for
// [simd]`; c_omp_split_clauses reads which constructs are present from it.
omp_clause_mask combined_construct_mask(bool simd) {
  omp_clause_mask simd_only = CLAUSE_BIT(SAFELEN) | CLAUSE_BIT(SIMDLEN) |
                              CLAUSE_BIT(ALIGNED) | CLAUSE_BIT(NONTEMPORAL);
  omp_clause_mask all =
      CLAUSE_BIT(DEVICE) | CLAUSE_BIT(MAP) | CLAUSE_BIT(IF) |
      CLAUSE_BIT(NOWAIT) | CLAUSE_BIT(PRIVATE) | CLAUSE_BIT(FIRSTPRIVATE) |
      CLAUSE_BIT(DEFAULTMAP) | CLAUSE_BIT(THREAD_LIMIT) |
      CLAUSE_BIT(IS_DEVICE_PTR) | CLAUSE_BIT(SHARED) | CLAUSE_BIT(REDUCTION) |
      CLAUSE_BIT(NUM_TEAMS) | CLAUSE_BIT(DEFAULT) | CLAUSE_BIT(LASTPRIVATE) |
      CLAUSE_BIT(DIST_SCHEDULE) | CLAUSE_BIT(COLLAPSE) | CLAUSE_BIT(ORDER) |
      CLAUSE_BIT(NUM_THREADS) | CLAUSE_BIT(PROC_BIND) | CLAUSE_BIT(SCHEDULE) |
      simd_only;
  return simd ? all : all & ~simd_only;
}

#undef CLAUSE_BIT

gomp_map_kind gomp_kind(MapKind kind) {
  switch (kind) {
  case MapKind::to:
    return GOMP_MAP_TO;
  case MapKind::from:
    return GOMP_MAP_FROM;
  case MapKind::tofrom:
    return GOMP_MAP_TOFROM;
  case MapKind::alloc:
  case MapKind::none:
    break;
  }
  return GOMP_MAP_ALLOC;
}

void prepend(tree *list, tree clause) {
  OMP_CLAUSE_CHAIN(clause) = *list;
  *list = clause;
}

class Lowering {
public:
  Lowering(const Kernel &kernel, const KernelFacts &facts,
           const std::vector<MapDecision> &maps, bool simd,
           const std::vector<DirectEntry> &entries)
      : k_(kernel), facts_(facts), maps_(maps), simd_(simd), entries_(entries) {
  }

  void run() {
    mark_restrict();
    device_ = launch_variable("__ferry_device", integer_type_node);
    geometry_ =
        launch_variable("__ferry_geometry", long_long_unsigned_type_node);
    teams_ = launch_variable("__ferry_teams", integer_type_node);
    threads_ = launch_variable("__ferry_threads", integer_type_node);
    DECL_CHAIN(device_) = geometry_;
    DECL_CHAIN(geometry_) = teams_;
    DECL_CHAIN(teams_) = threads_;

    const bool again = launches_again(); // before the loop is rewritten
    for (std::size_t i = 0; i < k_.loops.size(); ++i) {
      for (const AtomicUpdate &atomic : facts_.loops[i].atomics)
        make_atomic(atomic);
      *k_.loops[i].statement = direct_or_region(
          entries_[i], k_.loops[i],
          in_serial_order(facts_.loops[i],
                          target_region(k_.loops[i], facts_.loops[i])));
    }

    tree *body = function_statements(k_.fndecl);
    sync_host_pointers(body);
    tree launch = guarded_block(prologue(), *body,
                                runtime_calls::launch_end(k_.location));
    tree statements = NULL_TREE;
    append_to_statement_list_force(k_.setup, &statements);
    append_to_statement_list_force(
        again ? again_or(entries_[0], launch) : launch, &statements);
    *body = statement_block(statements, device_);
    rebuild_blocks(k_.fndecl);
    gcc::note_target_used();
    // Kernel calls stay calls, for the host-sync pass (host_sync.cc) to
    // find after early inlining; a launch costs microseconds anyway.
    DECL_UNINLINABLE(k_.fndecl) = 1;
    // The front end decided before this rewrite whether the kernel can
    // throw; the launch can (ferry::alias_error), unless it is noexcept.
    if (!TYPE_NOTHROW_P(TREE_TYPE(k_.fndecl)))
      TREE_NOTHROW(k_.fndecl) = 0;
  }

private:
  tree launch_variable(const char *name, tree type) {
    tree var = build_decl(k_.location, VAR_DECL, get_identifier(name), type);
    DECL_ARTIFICIAL(var) = 1;
    DECL_CONTEXT(var) = k_.fndecl;
    TREE_USED(var) = 1;
    return var;
  }

  // Before each statement outside the loops that uses one of the kernel's
  // host pointers (`*norm += sum;`), libferry makes what it points to
  // current on the host, and the device copy stale unless the pointer is
  // to const: it may point into a buffer the device wrote.
  void sync_host_pointers(tree *statements) {
    if (k_.host_pointers.empty())
      return;
    if (TREE_CODE(*statements) == BIND_EXPR) {
      sync_host_pointers(&BIND_EXPR_BODY(*statements));
      return;
    }
    if (TREE_CODE(*statements) != STATEMENT_LIST) {
      tree list = alloc_stmt_list();
      append_to_statement_list_force(*statements, &list);
      *statements = list;
    }
    for (tree_stmt_iterator i = tsi_start(*statements); !tsi_end_p(i);
         tsi_next(&i)) {
      tree *statement = tsi_stmt_ptr(i);
      if (TREE_CODE(*statement) == BIND_EXPR ||
          TREE_CODE(*statement) == STATEMENT_LIST) {
        sync_host_pointers(statement);
        continue;
      }
      for (tree pointer : k_.host_pointers) {
        if (!mentions(*statement, pointer))
          continue;
        // Through a pointer to const the statement only reads.
        tree target = TREE_TYPE(TREE_TYPE(pointer));
        tsi_link_before(
            &i,
            runtime_calls::host_access_statement(
                location_or(*statement, k_.location), pointer,
                TYPE_SIZE_UNIT(target),
                TYPE_READONLY(target) ? FERRY_HOST_READS : FERRY_HOST_WRITES),
            TSI_SAME_STMT);
      }
    }
  }

  // REGION, with the start value of each floating-point min or max
  // reduction combined last, as the serial loop would: GCC combines it
  // with MIN_EXPR/MAX_EXPR, whose choice with a NaN is the target's
  // (x86's minsd drops a NaN start value).  The threads' partial results
  // start from the identity and never hold a NaN, since the reduction form
  // keeps its accumulator when the comparison is false (match_reduction);
  // the start value then stays when it is a NaN or compares equal, as in
  // `s = std::min(s, e)`.  The direct entries do the same in
  // <ferry/direct.hpp>'s reduce_grid.
  tree in_serial_order(const LoopFacts &facts, tree region) {
    if (region == error_mark_node)
      return region;
    tree before = NULL_TREE, after = NULL_TREE, vars = NULL_TREE;
    for (const Reduction &reduction : facts.reductions) {
      tree var = reduction.var;
      tree type = TREE_TYPE(var);
      if ((reduction.op != MIN_EXPR && reduction.op != MAX_EXPR) ||
          !SCALAR_FLOAT_TYPE_P(type))
        continue;
      tree start = launch_variable("__ferry_start", type);
      DECL_CHAIN(start) = vars;
      vars = start;
      append_to_statement_list_force(build2(MODIFY_EXPR, type, start, var),
                                     &before);
      append_to_statement_list_force(
          build2(MODIFY_EXPR, type, var,
                 reduction_identity(reduction.op, type)),
          &before);
      // min: `partial < start ? partial : start`; max: `start < partial ...`.
      tree better = reduction.op == MIN_EXPR
                        ? build2(LT_EXPR, boolean_type_node, var, start)
                        : build2(LT_EXPR, boolean_type_node, start, var);
      append_to_statement_list_force(
          build2(MODIFY_EXPR, type, var,
                 build3(COND_EXPR, type, better, var, start)),
          &after);
    }
    if (!vars)
      return region;
    tree statements = before;
    append_to_statement_list_force(region, &statements);
    append_to_statement_list_force(after, &statements);
    return statement_block(statements, vars);
  }

  // `#pragma omp atomic` in place of the update statement.
  static void make_atomic(const AtomicUpdate &atomic) {
    *atomic.statement =
        atomic_update(atomic.location, atomic.op, atomic.target, atomic.value,
                      OMP_MEMORY_ORDER_RELAXED);
  }

  // The number of iterations of LOOP's collapsed levels, computed on the
  // host before the region.
  static tree trip_count(const ParallelLoop &loop) {
    tree type = long_long_unsigned_type_node;
    tree count = build_one_cst(type);
    for (const LoopLevel &level : loop.levels) {
      tree var_type = TREE_TYPE(level.var);
      tree lower = fold_convert(var_type, unshare_expr(level.lower));
      tree bound = unshare_expr(level.bound);
      tree extent = fold_build3(
          COND_EXPR, type,
          fold_build2(LT_EXPR, boolean_type_node, lower, bound),
          fold_convert(type, fold_build2(MINUS_EXPR, var_type, bound, lower)),
          build_zero_cst(type));
      count = fold_build2(MULT_EXPR, type, count, extent);
    }
    return count;
  }

  // What the geometry heuristic should know (enum ferry_region_flags).
  // Inner loops with a small constant bound (a 16-tap filter, a 3x3x3
  // stencil) do not count: their iterations are still short.
  unsigned region_flags(const ParallelLoop &loop) const {
    struct FindLongLoop {
      static tree visit(tree *node, int *, void *) {
        const tree_code code = TREE_CODE(*node);
        if (code == WHILE_STMT || code == DO_STMT)
          return *node;
        return code == FOR_STMT && !has_small_constant_bound(*node) ? *node
                                                                    : NULL_TREE;
      }
    };
    tree body = loop.body;
    const bool long_inner_loops =
        cp_walk_tree_without_duplicates(&body, FindLongLoop::visit, nullptr);
    return (simd_ ? FERRY_REGION_SIMD : 0) |
           (long_inner_loops ? FERRY_REGION_INNER_LOOPS : 0);
  }

  static bool has_small_constant_bound(tree for_statement) {
    constexpr HOST_WIDE_INT kSmallBound = 64;
    tree condition = tree_strip_any_location_wrapper(FOR_COND(for_statement));
    if (!condition || !COMPARISON_CLASS_P(condition))
      return false;
    tree bound = maybe_constant_value(TREE_OPERAND(condition, 1));
    return tree_fits_shwi_p(bound) && tree_to_shwi(bound) <= kSmallBound;
  }

  // [[ferry::kernel(teams(N), threads(N))]], 0 for "choose".
  tree requested_teams() const {
    return k_.options.teams
               ? fold_convert(integer_type_node, unshare_expr(k_.options.teams))
               : integer_zero_node;
  }
  tree requested_threads() const {
    return k_.options.threads ? fold_convert(integer_type_node,
                                             unshare_expr(k_.options.threads))
                              : integer_zero_node;
  }

  // __ferry_geometry = __ferry_launch_geometry(...); then the two halves.
  tree geometry_statements(const ParallelLoop &loop) {
    location_t where = loop.location;
    tree list = NULL_TREE;
    append_to_statement_list_force(
        build2(MODIFY_EXPR, void_type_node, geometry_,
               runtime_calls::launch_geometry(
                   where, trip_count(loop), requested_teams(),
                   requested_threads(), region_flags(loop))),
        &list);
    tree type = long_long_unsigned_type_node;
    append_to_statement_list_force(
        build2(MODIFY_EXPR, void_type_node, teams_,
               fold_convert(integer_type_node,
                            fold_build2(RSHIFT_EXPR, type, geometry_,
                                        build_int_cst(integer_type_node, 32)))),
        &list);
    append_to_statement_list_force(
        build2(MODIFY_EXPR, void_type_node, threads_,
               fold_convert(integer_type_node,
                            fold_build2(BIT_AND_EXPR, type, geometry_,
                                        build_int_cst(type, 0xffffffffu)))),
        &list);
    return list;
  }

  // Proven exclusive by the ownership check (and rule 6 at run time).
  void mark_restrict() {
    for (const BufferParam &buffer : k_.buffers) {
      tree type = TREE_TYPE(buffer.decl);
      tree restricted = cp_build_qualified_type(type, cp_type_quals(type) |
                                                          TYPE_QUAL_RESTRICT);
      TREE_TYPE(buffer.decl) = restricted;
      if (TREE_CODE(buffer.decl) == PARM_DECL)
        DECL_ARG_TYPE(buffer.decl) = restricted;
    }
  }

  // begin, one buffer call per pointer argument, acquire, and the views.
  tree prologue() {
    location_t where = k_.location;
    expanded_location source = expand_location(where);
    tree list = NULL_TREE;
    append_to_statement_list_force(
        runtime_calls::launch_begin(where, k_.name().c_str(),
                                    source.file ? source.file : "?",
                                    source.line, k_.buffers.size()),
        &list);
    for (const BufferParam &buffer : k_.buffers) {
      tree element = TREE_TYPE(TREE_TYPE(buffer.decl));
      append_to_statement_list_force(
          runtime_calls::launch_buffer(
              where, buffer.index, IDENTIFIER_POINTER(DECL_NAME(buffer.decl)),
              ownership_abi_value(buffer.ownership), buffer.decl, buffer.length,
              element),
          &list);
    }
    for (const Reach &reach : facts_.reaches)
      append_to_statement_list_force(
          runtime_calls::launch_reach(
              where, reach.buffer->index, unshare_expr(reach.first),
              unshare_expr(reach.end), LOCATION_LINE(reach.location)),
          &list);
    for (const DisjointCheck &check : facts_.disjoint_checks)
      append_to_statement_list_force(
          runtime_calls::launch_disjoint(
              where, check.buffer->index, LOCATION_LINE(check.location),
              check.nvars, check.nforms, check.values),
          &list);
    append_to_statement_list_force(build2(MODIFY_EXPR, void_type_node, device_,
                                          runtime_calls::launch_acquire(where)),
                                   &list);
    for (const BufferParam &buffer : k_.buffers)
      append_to_statement_list_force(
          build2(MODIFY_EXPR, void_type_node, buffer.decl,
                 fold_convert(TREE_TYPE(buffer.decl),
                              runtime_calls::launch_view(where, buffer.index))),
          &list);
    return list;
  }

  tree combined_clauses(const ParallelLoop &loop, const LoopFacts &facts) {
    location_t where = loop.location;
    tree clauses = NULL_TREE;
    tree device = build_omp_clause(where, OMP_CLAUSE_DEVICE);
    OMP_CLAUSE_DEVICE_ID(device) = device_;
    prepend(&clauses, device);
    for (const BufferParam &buffer : k_.buffers) {
      const MapDecision &decision = maps_[buffer.index];
      if (decision.kind == MapKind::none || !mentions(loop.body, buffer.decl))
        continue;
      tree map = build_omp_clause(where, OMP_CLAUSE_MAP);
      OMP_CLAUSE_SET_MAP_KIND(map, gomp_kind(decision.kind));
      // A negative length is no elements, as libferry takes it: libgomp
      // would map a section of minus a few bytes, and fail.
      tree length = buffer.length;
      if (!tree_expr_nonnegative_p(length))
        length = fold_build2(MAX_EXPR, TREE_TYPE(length), length,
                             build_zero_cst(TREE_TYPE(length)));
      OMP_CLAUSE_DECL(map) = gcc::array_section(buffer.decl, size_zero_node,
                                                fold_convert(sizetype, length));
      prepend(&clauses, map);
    }
    for (tree scalar : k_.scalars) {
      if (!mentions(loop.body, scalar) && !loop_bounds_mention(loop, scalar))
        continue;
      tree firstprivate = build_omp_clause(where, OMP_CLAUSE_FIRSTPRIVATE);
      OMP_CLAUSE_DECL(firstprivate) = scalar;
      prepend(&clauses, firstprivate);
    }
    if (loop.levels.size() > 1) {
      tree collapse = build_omp_clause(where, OMP_CLAUSE_COLLAPSE);
      OMP_CLAUSE_COLLAPSE_EXPR(collapse) =
          build_int_cst(integer_type_node, loop.levels.size());
      prepend(&clauses, collapse);
    }
    for (const Reduction &reduction : facts.reductions) {
      tree clause = build_omp_clause(reduction.location, OMP_CLAUSE_REDUCTION);
      OMP_CLAUSE_DECL(clause) = reduction.var;
      OMP_CLAUSE_REDUCTION_CODE(clause) = reduction.op;
      prepend(&clauses, clause);
    }
    // Chosen at run time (runtime/launch/geometry.cc); read on the host before
    // the region, as the parser arranges for these two clauses.
    tree limit = build_omp_clause(where, OMP_CLAUSE_THREAD_LIMIT);
    OMP_CLAUSE_THREAD_LIMIT_EXPR(limit) = threads_;
    prepend(&clauses, limit);
    tree teams = build_omp_clause(where, OMP_CLAUSE_NUM_TEAMS);
    OMP_CLAUSE_NUM_TEAMS_UPPER_EXPR(teams) = teams_;
    prepend(&clauses, teams);
    return clauses;
  }

  static bool loop_bounds_mention(const ParallelLoop &loop, tree decl) {
    for (const LoopLevel &level : loop.levels)
      if (mentions(level.lower, decl) || mentions(level.bound, decl))
        return true;
    return false;
  }

  // The innermost construct, `omp simd` (or `omp for` without simd), over
  // the collapsed levels.
  tree innermost_loop(const ParallelLoop &loop, tree_code code, tree clauses) {
    const int depth = loop.levels.size();
    tree declv = make_tree_vec(depth), initv = make_tree_vec(depth);
    tree condv = make_tree_vec(depth), incrv = make_tree_vec(depth);
    tree vars = NULL_TREE;
    tree pre_body = NULL_TREE;
    for (int i = depth - 1; i >= 0; --i) {
      const LoopLevel &level = loop.levels[i];
      tree var = level.var;
      tree type = TREE_TYPE(var);
      DECL_INITIAL(var) = NULL_TREE;
      DECL_CHAIN(var) = vars;
      vars = var;
      TREE_VEC_ELT(declv, i) = var;
      TREE_VEC_ELT(initv, i) = fold_convert(type, level.lower);
      TREE_VEC_ELT(condv, i) =
          build2(LT_EXPR, boolean_type_node, var, level.bound);
      TREE_VEC_ELT(incrv, i) =
          build2(PREINCREMENT_EXPR, type, var, build_one_cst(type));
    }
    for (int i = 0; i < depth; ++i)
      append_to_statement_list_force(
          build_stmt(loop.levels[i].location, DECL_EXPR, loop.levels[i].var),
          &pre_body);
    tree body = loop.body;
    select_values_instead_of_references(&body);
    tree statements = push_stmt_list();
    tree construct = finish_omp_for(
        loop.location, code, declv, NULL_TREE, initv, condv, incrv,
        declare_scalar_temporaries(body), pre_body, nullptr, clauses);
    statements = pop_stmt_list(statements);
    if (!construct)
      return NULL_TREE;
    return statement_block(statements, vars);
  }

  static tree loop_construct(tree_code code, tree body, tree clauses,
                             location_t where) {
    tree construct = make_node(code);
    TREE_TYPE(construct) = void_type_node;
    OMP_FOR_BODY(construct) = body;
    OMP_FOR_CLAUSES(construct) = clauses;
    SET_EXPR_LOCATION(construct, where);
    return statement_block(construct, NULL_TREE);
  }

  tree target_region(const ParallelLoop &loop, const LoopFacts &facts) {
    location_t where = loop.location;
    tree split[C_OMP_CLAUSE_SPLIT_COUNT];
    c_omp_split_clauses(where, simd_ ? OMP_SIMD : OMP_FOR,
                        combined_construct_mask(simd_),
                        combined_clauses(loop, facts), split);
    for (int i = 0; i < C_OMP_CLAUSE_SPLIT_COUNT; ++i)
      if (split[i])
        split[i] = finish_omp_clauses(split[i], i == C_OMP_CLAUSE_SPLIT_TARGET
                                                    ? C_ORT_OMP_TARGET
                                                    : C_ORT_OMP);

    tree body;
    if (simd_) {
      body = innermost_loop(loop, OMP_SIMD, split[C_OMP_CLAUSE_SPLIT_SIMD]);
      if (body)
        body =
            loop_construct(OMP_FOR, body, split[C_OMP_CLAUSE_SPLIT_FOR], where);
    } else {
      body = innermost_loop(loop, OMP_FOR, split[C_OMP_CLAUSE_SPLIT_FOR]);
    }
    if (!body)
      return error_mark_node;

    tree parallel = make_node(OMP_PARALLEL);
    TREE_TYPE(parallel) = void_type_node;
    OMP_PARALLEL_CLAUSES(parallel) = split[C_OMP_CLAUSE_SPLIT_PARALLEL];
    OMP_PARALLEL_BODY(parallel) = body;
    OMP_PARALLEL_COMBINED(parallel) = 1;
    SET_EXPR_LOCATION(parallel, where);
    body = statement_block(parallel, NULL_TREE);

    body = loop_construct(OMP_DISTRIBUTE, body,
                          split[C_OMP_CLAUSE_SPLIT_DISTRIBUTE], where);

    tree teams = make_node(OMP_TEAMS);
    TREE_TYPE(teams) = void_type_node;
    OMP_TEAMS_CLAUSES(teams) = split[C_OMP_CLAUSE_SPLIT_TEAMS];
    OMP_TEAMS_BODY(teams) = body;
    OMP_TEAMS_COMBINED(teams) = 1;
    SET_EXPR_LOCATION(teams, where);
    body = statement_block(teams, NULL_TREE);

    c_omp_adjust_map_clauses(split[C_OMP_CLAUSE_SPLIT_TARGET], true);
    tree statements = push_stmt_list();
    add_stmt(geometry_statements(loop));
    finish_omp_target(where, split[C_OMP_CLAUSE_SPLIT_TARGET], body, true);
    return pop_stmt_list(statements);
  }

  // The roles of ENTRY's parameters, then `|` and the roles of the buffers
  // whose elements its _constants twin takes, then `!` and the buffers
  // whose device addresses it assumes aligned (runtime/abi.h).
  static std::string launch_roles(const DirectEntry &entry) {
    std::string roles = entry.roles;
    if (!entry.constant_buffers.empty())
      roles += static_cast<char>(FERRY_ROLE_CONSTANTS) + entry.constant_buffers;
    if (!entry.aligned_buffers.empty())
      roles += static_cast<char>(FERRY_ROLE_ALIGNED) + entry.aligned_buffers;
    return roles;
  }

  // Whether the launch first tries the one its call site made last
  // (runtime/abi.h, __ferry_launch_again): a body that is its one loop,
  // with a direct entry that takes no struct arguments, reductions or
  // constant buffers.
  bool launches_again() const {
    if (k_.loops.size() != 1 || !k_.host_pointers.empty())
      return false;
    const DirectEntry &entry = entries_[0];
    if (entry.symbol.empty() || !entry.constant_buffers.empty())
      return false;
    for (char role : entry.roles)
      if (role == FERRY_ROLE_OBJECT || (role > FERRY_ROLE_REDUCTION_BYTES &&
                                        role <= FERRY_ROLE_REDUCTION_BYTES + 8))
        return false;
    return only_statement(function_statements(k_.fndecl),
                          k_.loops[0].statement);
  }

  // Whether the statements at AT are the one at LOOP, in scopes of their
  // own.
  static bool only_statement(tree *at, tree *loop) {
    if (at == loop)
      return true;
    if (TREE_CODE(*at) == BIND_EXPR)
      return only_statement(&BIND_EXPR_BODY(*at), loop);
    if (TREE_CODE(*at) != STATEMENT_LIST)
      return false;
    tree *only = nullptr;
    for (tree_stmt_iterator i = tsi_start(*at); !tsi_end_p(i); tsi_next(&i)) {
      if (TREE_CODE(tsi_stmt(i)) == DEBUG_BEGIN_STMT)
        continue;
      if (only)
        return false;
      only = tsi_stmt_ptr(i);
    }
    return only && only_statement(only, loop);
  }

  // `if (!__ferry_launch_again(&site, key, N, args)) LAUNCH`, with the
  // key as runtime/abi.h lists it, taken from the expressions the launch
  // sequence passes, and the arguments as for ENTRY's direct launch.
  tree again_or(const DirectEntry &entry, tree launch) {
    location_t where = k_.location;
    std::vector<tree> key;
    for (const BufferParam &buffer : k_.buffers) {
      key.push_back(fold_convert(ptr_type_node, buffer.decl));
      key.push_back(unshare_expr(buffer.length));
    }
    for (const Reach &reach : facts_.reaches) {
      key.push_back(unshare_expr(reach.first));
      key.push_back(unshare_expr(reach.end));
    }
    for (const DisjointCheck &check : facts_.disjoint_checks)
      for (tree value : check.values)
        key.push_back(unshare_expr(value));
    key.push_back(requested_teams());
    key.push_back(requested_threads());
    const unsigned count = entry.values.size();
    for (unsigned k = 0; k < count; ++k)
      if (k + 1 == count || (entry.roles[k] >= FERRY_ROLE_EXTENT &&
                             entry.roles[k] <= FERRY_ROLE_EXTENT + 2))
        key.push_back(unshare_expr(entry.values[k]));

    tree key_type =
        build_array_type_nelts(long_long_integer_type_node, key.size());
    tree keys = launch_variable("__ferry_key", key_type);
    tree statements = NULL_TREE;
    for (std::size_t i = 0; i < key.size(); ++i)
      append_to_statement_list_force(
          build2(MODIFY_EXPR, void_type_node,
                 build4(ARRAY_REF, long_long_integer_type_node, keys,
                        size_int(i), NULL_TREE, NULL_TREE),
                 fold_convert(long_long_integer_type_node, key[i])),
          &statements);
    TREE_ADDRESSABLE(keys) = 1;
    tree vars = keys;
    tree args = argument_array(entry, &statements, &vars);
    tree site = static_local(k_.fndecl, "__ferry_site", ptr_type_node);
    tree launched = runtime_calls::launch_again(
        where, build_fold_addr_expr(site), first_element(keys), key.size(),
        first_element(args));
    append_unless(launched, launch, &statements);
    return statement_block(statements, vars);
  }

  // Appends `if (LAUNCHED == 0) FALLBACK` to *STATEMENTS.
  static void append_unless(tree launched, tree fallback, tree *statements) {
    append_to_statement_list_force(
        build3(COND_EXPR, void_type_node,
               build2(EQ_EXPR, boolean_type_node, launched, integer_zero_node),
               fallback, NULL_TREE),
        statements);
  }

  static tree first_element(tree array) {
    return build_fold_addr_expr(build4(ARRAY_REF, TREE_TYPE(TREE_TYPE(array)),
                                       array, size_zero_node, NULL_TREE,
                                       NULL_TREE));
  }

  // The array of pointers to host copies of the values ENTRY takes, set
  // by statements appended to *STATEMENTS; the array and the copies are
  // chained in front of *VARS.
  tree argument_array(const DirectEntry &entry, tree *statements, tree *vars) {
    const unsigned count = entry.values.size();
    tree array_type = build_array_type_nelts(ptr_type_node, count);
    tree args = launch_variable("__ferry_args", array_type);
    DECL_CHAIN(args) = *vars;
    *vars = args;
    for (unsigned k = 0; k < count; ++k) {
      tree value = entry.values[k];
      tree address = null_pointer_node;
      if (value && entry.roles[k] != FERRY_ROLE_VALUE) {
        address = build_fold_addr_expr(value); // a reduction variable
        TREE_ADDRESSABLE(value) = 1;
      } else if (value) {
        tree copy =
            launch_variable("__ferry_arg", TYPE_MAIN_VARIANT(TREE_TYPE(value)));
        DECL_CHAIN(copy) = *vars;
        *vars = copy;
        append_to_statement_list_force(
            build2(MODIFY_EXPR, void_type_node, copy,
                   fold_convert(TREE_TYPE(copy), unshare_expr(value))),
            statements);
        TREE_ADDRESSABLE(copy) = 1;
        address = build_fold_addr_expr(copy);
      }
      append_to_statement_list_force(
          build2(MODIFY_EXPR, void_type_node,
                 build4(ARRAY_REF, ptr_type_node, args, size_int(k), NULL_TREE,
                        NULL_TREE),
                 fold_convert(ptr_type_node, address)),
          statements);
    }
    TREE_ADDRESSABLE(args) = 1;
    return args;
  }

  // `if (!__ferry_launch_direct(ENTRY, ...)) REGION`, with the arguments
  // in an array of pointers to host copies of their values.
  tree direct_or_region(const DirectEntry &entry, const ParallelLoop &loop,
                        tree region) {
    if (entry.symbol.empty() || region == error_mark_node)
      return region;
    location_t where = loop.location;
    tree statements = NULL_TREE;
    tree vars = NULL_TREE;
    tree args = argument_array(entry, &statements, &vars);
    tree launched = runtime_calls::launch_direct(
        where, entry.symbol.c_str(), entry.values.size(), first_element(args),
        launch_roles(entry).c_str(), requested_teams(), requested_threads());
    append_unless(launched, region, &statements);
    return statement_block(statements, vars);
  }

  const Kernel &k_;
  const KernelFacts &facts_;
  const std::vector<MapDecision> &maps_;
  const bool simd_;
  const std::vector<DirectEntry> &entries_;
  tree device_ = NULL_TREE;
  tree geometry_ = NULL_TREE;
  tree teams_ = NULL_TREE;
  tree threads_ = NULL_TREE;
};

} // namespace

void lower_to_openmp(const Kernel &kernel, const KernelFacts &facts,
                     const std::vector<MapDecision> &maps, bool simd,
                     const std::vector<DirectEntry> &entries) {
  Lowering(kernel, facts, maps, simd, entries).run();
}

} // namespace ferry
