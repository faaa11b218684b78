// SPDX-License-Identifier: GPL-3.0-or-later
// CUDA-style team regions: a program's `#pragma omp target teams` (no
// distribute) whose body declares what each team shares and runs one
// `#pragma omp parallel`, its threads placed by omp_get_team_num() and
// omp_get_thread_num() and kept in step by barriers, as OpenMP ports of
// CUDA kernels write them (HeCBench: 267 of its 911 `target teams`).  GCC
// runs each OpenMP thread of such a region as one warp, of which one lane
// works.  ferry adds a device entry that runs each team as one CUDA block
// of the region's threads, the team's variables in .shared memory, and
// the threads' code in the forms a block runs (team_device_code.h:
// barriers `barrier.sync`, atomics PTX atomics, the runtime's queries the
// block's registers, helpers that ask the runtime through twins).
// libferry launches it on libgomp's copies of the data the program mapped
// around the region, or that the region maps itself (team_launch.h).  A
// serial `#pragma omp target` (no construct inside but atomic ones) is
// the same with one team of one thread: GCC launches it through libgomp
// with a warp of which one lane works, and reads its pointers through the
// region's data block in every iteration (nbody's energy sum, 1.02 ms on
// GCC's path against CUDA's 0.59 ms).
//
// Input: the region, at its function's PRE_GENERICIZE.  Output: the entry
//
//   extern "C" void __ferry_direct_team_<function>_<n>(<the pointers and
//       numbers the region reads>, unsigned long long teams)
//   { <the parallel construct's body, or the serial region's> }
//
// and in place of the region (team_launch.h)
//
//   #pragma omp target data <the region's maps, if any move data>
//   {
//     launched = 0;
//     if (<each pointer lies in a section the program mapped>) {
//       <begin, acquire>
//       launched = __ferry_launch_direct(<entry>, ..., thread count);
//       <end>
//     }
//     if (!launched) <the region as it was>
//   }
//
// or the reason the region keeps GCC's path.  ferry does not check such a
// region: its barriers order its threads in ways the loop checker does not
// follow.  Each team gets exactly its thread_limit (or num_threads)
// threads, one of the counts OpenMP allows; GCC's build may give fewer.
#include "team_regions.h"

#include "device_definitions.h"
#include "device_functions.h"
#include "direct_header.h"
#include "reductions.h"
#include "team_device_code.h"
#include "team_launch.h"
#include "team_loops.h"
#include "tree_utils.h"

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace ferry {

namespace {

// The most .shared memory a block may declare statically; more fails the
// link of the whole module, every entry's.
constexpr unsigned HOST_WIDE_INT kMostSharedBytes = 48 * 1024;

// A team loop's threads a team where no clause asks for a count, which
// OpenMP leaves to the implementation: CUDA's one-block-a-row kernels'.
constexpr int kTeamLoopThreads = 256;

// What a region's teams run: one parallel construct (a CUDA-style team
// region), a serial body (one thread), or a distribute loop whose
// iterations run parallel loops among the team's statements (team_loops.h).
enum class Shape { team, serial, team_loop };

std::string clause_name(tree clause) {
  return omp_clause_code_name[OMP_CLAUSE_CODE(clause)];
}

// The variable a map clause names, through an array section (the front
// end's TREE_LIST of bounds, chained to what it subscripts); NULL_TREE
// when it names none.
tree mapped_variable(tree decl) {
  while (decl && !DECL_P(decl)) {
    if (TREE_CODE(decl) == TREE_LIST)
      decl = TREE_CHAIN(decl);
    else if (EXPR_P(decl) && TREE_OPERAND_LENGTH(decl) > 0)
      decl = TREE_OPERAND(decl, 0);
    else
      return NULL_TREE;
  }
  return decl;
}

// Numbers or structs of numbers (HeCBench's uchar4 and float2), and
// arrays of them, of a size known here: what a team's .shared memory
// holds, bytes that mean the same on the device.
bool is_team_storage(tree type) {
  tree element = strip_array_types(type);
  const bool plain =
      is_number_type(element) ||
      (TREE_CODE(element) == RECORD_TYPE && COMPLETE_TYPE_P(element) &&
       trivially_copyable_p(element) && !holds_pointers(element));
  return plain && COMPLETE_TYPE_P(type) && TYPE_SIZE_UNIT(type) &&
         tree_fits_uhwi_p(TYPE_SIZE_UNIT(type));
}

class TeamRegion {
public:
  TeamRegion(tree fndecl, tree *slot, Shape shape)
      : fndecl_(fndecl), slot_(slot), target_(*slot),
        serial_(shape == Shape::serial), team_loop_(shape == Shape::team_loop),
        location_(location_or(*slot, DECL_SOURCE_LOCATION(fndecl))) {}

  bool lower(std::string *why_not) {
    if (!direct_namespace() || !declare_shared_variables(direct_namespace()))
      return refuse("<ferry/direct.hpp> is not included (ferry-g++ includes "
                    "it)",
                    why_not);
    if (!read_target_clauses() || !read_threads_body() || !scan_body() ||
        !classify_outer_variables() || !replace_device_code()) {
      restore_device_code();
      *why_not = why_;
      return false;
    }
    use_device_maths_in_callees(*threads_body_);
    declare_entry();
    define_entry();
    *slot_ = team_launch_or_region(
        {fndecl_, target_, location_, device_clause_, &outer_,
         static_cast<unsigned>(parameters_.size()), host_value(teams_count_),
         threads(), symbol_.c_str()});
    return true;
  }

private:
  using Outer = TeamArgument;

  bool refuse(const std::string &why, std::string *why_not = nullptr) {
    why_ = why;
    if (why_not)
      *why_not = why;
    return false;
  }

  bool read_target_clauses() {
    for (tree c = OMP_TARGET_CLAUSES(target_); c; c = OMP_CLAUSE_CHAIN(c))
      if (!clause_kept(c, /*on_target=*/true))
        return false;
    return true;
  }

  // The statements the threads run, and how many teams and threads run
  // them: the parallel construct's body, or a serial region's whole body,
  // which one thread runs.
  bool read_threads_body() {
    if (serial_) {
      threads_body_ = &OMP_TARGET_BODY(target_);
      teams_count_ = num_threads_ = integer_one_node;
      collect_declared(*threads_body_, &inner_);
      return true;
    }
    teams_ = only_statement(OMP_TARGET_BODY(target_));
    for (tree c = OMP_TEAMS_CLAUSES(teams_); c; c = OMP_CLAUSE_CHAIN(c))
      if (!clause_kept(c, /*on_target=*/false))
        return false;
    if (team_loop_)
      return read_team_loop_body();
    if (!teams_count_)
      return refuse("it has no 'num_teams' clause, so how many teams it has "
                    "is the implementation's choice");
    if (!read_team_body(OMP_TEAMS_BODY(teams_)) || !read_parallel())
      return false;
    threads_body_ = &OMP_PARALLEL_BODY(parallel_);
    return true;
  }

  bool clause_kept(tree c, bool on_target) {
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_MAP:
      // A variable mapped whole (`map(tofrom: count)`), not a section of
      // what a pointer points to.
      if (DECL_P(OMP_CLAUSE_DECL(c)))
        mapped_.insert(OMP_CLAUSE_DECL(c));
      switch (OMP_CLAUSE_MAP_KIND(c)) {
      case GOMP_MAP_TO:
      case GOMP_MAP_FROM:
      case GOMP_MAP_TOFROM:
      case GOMP_MAP_ALLOC:
      case GOMP_MAP_POINTER:
      case GOMP_MAP_FIRSTPRIVATE_POINTER:
      case GOMP_MAP_ATTACH_DETACH:
        // Of data the program mapped around the region, which alone takes
        // ferry's launch, a map moves nothing.
        return true;
      default: {
        tree var = mapped_variable(OMP_CLAUSE_DECL(c));
        return refuse("its 'map' clause of '" +
                      (var ? name_of(var) : std::string("?")) +
                      "' copies whether or not the data is present");
      }
      }
    case OMP_CLAUSE_IS_DEVICE_PTR:
      is_device_ptr_.insert(OMP_CLAUSE_DECL(c));
      return true;
    case OMP_CLAUSE_DEVICE:
      // The launch runs on the target of that number, and the region as
      // GCC compiled it where there is none (launch_or_region).
      if (!on_target || OMP_CLAUSE_DEVICE_ANCESTOR(c))
        break;
      device_clause_ = c;
      return true;
    case OMP_CLAUSE_NUM_TEAMS:
      if (OMP_CLAUSE_NUM_TEAMS_LOWER_EXPR(c) &&
          !operand_equal_p(OMP_CLAUSE_NUM_TEAMS_LOWER_EXPR(c),
                           OMP_CLAUSE_NUM_TEAMS_UPPER_EXPR(c), 0))
        return refuse("its 'num_teams' clause gives a range of team counts");
      teams_count_ = OMP_CLAUSE_NUM_TEAMS_UPPER_EXPR(c);
      return true;
    case OMP_CLAUSE_THREAD_LIMIT:
      thread_limit_ = OMP_CLAUSE_THREAD_LIMIT_EXPR(c);
      return true;
    case OMP_CLAUSE_FIRSTPRIVATE:
    case OMP_CLAUSE_SHARED:
    case OMP_CLAUSE_DEFAULT:
      return true;
    default:
      break;
    }
    return refuse("its '" + std::string(on_target ? "target" : "teams") +
                  "' construct has a '" + clause_name(c) + "' clause");
  }

  // The teams construct's body: declarations of what a team shares, and
  // one parallel construct.
  bool read_team_body(tree statement) {
    switch (TREE_CODE(statement)) {
    case BIND_EXPR:
      for (tree var = BIND_EXPR_VARS(statement); var; var = DECL_CHAIN(var))
        team_vars_.push_back(var);
      return read_team_body(BIND_EXPR_BODY(statement));
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start(statement); !tsi_end_p(i);
           tsi_next(&i))
        if (!read_team_body(tsi_stmt(i)))
          return false;
      return true;
    case DEBUG_BEGIN_STMT:
      return true;
    case DECL_EXPR: // the team's variables, read above
      return true;
    case OMP_PARALLEL:
      if (parallel_)
        return refuse("its teams run more than one parallel construct");
      parallel_ = statement;
      return true;
    default:
      return refuse("its teams run code outside their parallel construct");
    }
  }

  // A team loop (team_loops.h): the threads' body its reader makes; as
  // many teams as the loop has iterations, at most num_teams' (and one
  // where it has none, which runs no iteration).
  bool read_team_loop_body() {
    std::string why;
    if (!read_team_loop(fndecl_, teams_, &loop_, &why))
      return refuse(why);
    collect_declared(OMP_TEAMS_BODY(teams_), &region_locals_);
    team_vars_ = loop_.team_arrays;
    private_.insert(loop_.own_variables.begin(), loop_.own_variables.end());
    if (!team_storage_fits())
      return false;
    tree type = long_long_unsigned_type_node;
    tree teams = host_value(loop_.trips);
    if (!teams)
      return refuse("the bounds of its loop are not known before it runs");
    if (teams_count_) {
      tree asked = host_value(teams_count_);
      if (!asked)
        return refuse("the count '" +
                      std::string(expr_to_string(teams_count_)) +
                      "' of its teams is not known before it runs");
      teams = fold_build2(MIN_EXPR, type, teams, fold_convert(type, asked));
    }
    teams = fold_build2(MAX_EXPR, type, teams, build_one_cst(type));
    teams_count_ = fold_build2(MIN_EXPR, type, teams,
                               build_int_cst(type, 0x7fffffff));
    for (tree request : loop_.thread_requests) {
      tree wanted = host_value(request);
      if (!wanted)
        return refuse("the count '" + std::string(expr_to_string(request)) +
                      "' of a parallel loop's threads is not known before "
                      "the region runs");
      // A parallel loop gets at most the threads it asks for.
      wanted = fold_convert(integer_type_node, wanted);
      num_threads_ = num_threads_ ? fold_build2(MIN_EXPR, integer_type_node,
                                                num_threads_, wanted)
                                  : wanted;
    }
    if (!thread_limit_ && !num_threads_)
      num_threads_ = build_int_cst(integer_type_node, kTeamLoopThreads);
    widest_loop_threads();
    threads_body_ = &loop_.threads_body;
    collect_declared(*threads_body_, &inner_);
    return true;
  }

  // Where the host can tell every nested loop's iterations (of the
  // function's variables), a block's threads need be no more than the
  // widest loop's, in whole warps (matern's thread_limit(1024) over a few
  // sources a target): fewer threads than asked, as OpenMP allows.
  void widest_loop_threads() {
    tree type = long_long_unsigned_type_node, widest = NULL_TREE;
    for (tree trips : loop_.loop_trips) {
      tree known = host_value(trips);
      if (!known)
        return;
      widest = widest ? fold_build2(MAX_EXPR, type, widest, known) : known;
    }
    if (!widest)
      return;
    const auto warps = [type](tree threads) {
      return fold_build2(BIT_AND_EXPR, type,
                         fold_build2(PLUS_EXPR, type, threads,
                                     build_int_cst(type, 31)),
                         build_int_cst(type, ~31));
    };
    widest = fold_build2(MIN_EXPR, type, widest, build_int_cst(type, 1024));
    loop_threads_ = fold_convert(
        integer_type_node,
        fold_build2(MAX_EXPR, type, warps(widest), build_int_cst(type, 32)));
  }

  // The team's variables in .shared memory, if a block may declare them.
  bool team_storage_fits() {
    unsigned HOST_WIDE_INT shared_bytes = 0;
    for (tree var : team_vars_) {
      if (!VAR_P(var) || TREE_STATIC(var) || DECL_INITIAL(var) ||
          !is_team_storage(TREE_TYPE(var)))
        return refuse("its team declares '" + name_of(var) +
                      "', which is not an uninitialized number, struct of "
                      "numbers or array of them of a size known at compile "
                      "time");
      shared_bytes += tree_to_uhwi(TYPE_SIZE_UNIT(TREE_TYPE(var)));
    }
    if (shared_bytes > kMostSharedBytes)
      return refuse("its team's variables take more than the " +
                    std::to_string(kMostSharedBytes) +
                    " bytes a block may declare");
    return true;
  }

  bool read_parallel() {
    if (!parallel_)
      return refuse("its teams run no parallel construct");
    if (!team_storage_fits())
      return false;
    for (tree c = OMP_PARALLEL_CLAUSES(parallel_); c; c = OMP_CLAUSE_CHAIN(c))
      switch (OMP_CLAUSE_CODE(c)) {
      case OMP_CLAUSE_NUM_THREADS:
        num_threads_ = OMP_CLAUSE_NUM_THREADS_EXPR(c);
        break;
      case OMP_CLAUSE_PRIVATE:
        private_.insert(OMP_CLAUSE_DECL(c));
        break;
      case OMP_CLAUSE_FIRSTPRIVATE:
        firstprivate_.insert(OMP_CLAUSE_DECL(c));
        break;
      case OMP_CLAUSE_SHARED:
      case OMP_CLAUSE_DEFAULT:
      case OMP_CLAUSE_PROC_BIND:
        break;
      default:
        return refuse("its parallel construct has a '" + clause_name(c) +
                      "' clause");
      }
    if (!thread_limit_ && !num_threads_)
      return refuse("it has neither 'thread_limit' nor 'num_threads', so how "
                    "many threads a team has is the implementation's choice");
    for (tree count : {teams_count_, thread_limit_, num_threads_})
      if (count && !host_value(count))
        return refuse("the count '" + std::string(expr_to_string(count)) +
                      "' of its teams or threads is not known before it "
                      "runs");
    collect_declared(OMP_PARALLEL_BODY(parallel_), &inner_);
    return true;
  }

  // COUNT, a clause's expression, as the region's call site evaluates
  // it: an expression of the function's variables and constants without
  // side effects; NULL_TREE otherwise.
  tree host_value(tree count) const {
    count = tree_strip_any_location_wrapper(count);
    // The front end evaluates a count into a temporary before the
    // construct; the expression is the same value there.
    if (TREE_CODE(count) == TARGET_EXPR)
      count = tree_strip_any_location_wrapper(TARGET_EXPR_INITIAL(count));
    struct Search {
      static tree visit(tree *node, int *walk_subtrees, void *data) {
        auto *self = static_cast<const TeamRegion *>(data);
        tree t = *node;
        if (TYPE_P(t) || CONSTANT_CLASS_P(t)) {
          *walk_subtrees = 0;
          return NULL_TREE;
        }
        if (VAR_P(t) || TREE_CODE(t) == PARM_DECL)
          return self->is_team_var(t) || self->region_locals_.count(t)
                     ? t
                     : NULL_TREE;
        if (EXPR_P(t) && !TREE_SIDE_EFFECTS(t) && TREE_CODE(t) != CALL_EXPR &&
            TREE_CODE(t) != TARGET_EXPR)
          return NULL_TREE;
        return t;
      }
    };
    return cp_walk_tree_without_duplicates(&count, Search::visit,
                                           const_cast<TeamRegion *>(this))
               ? NULL_TREE
               : count;
  }

  // How reasons name the statements the threads run.
  std::string body_name() const {
    return serial_ ? "its body" : team_loop_ ? "its loop" : "its parallel body";
  }

  bool is_team_var(tree var) const {
    return std::find(team_vars_.begin(), team_vars_.end(), var) !=
           team_vars_.end();
  }

  // The parallel body: what it calls, what it names and writes, and its
  // OpenMP constructs, each one the entry can keep or the reason not.
  bool scan_body() {
    collect_assigned(threads_body_, &assigned_);
    cp_walk_tree(threads_body_, visit, this, nullptr);
    device_code_.emplace(threads_body_, body_name());
    return device_code_->scan(&why_);
  }

  // The variables: what the walk of the body notes beside the device
  // code, which device_code_ scans.
  static tree visit(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<TeamRegion *>(data);
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
    switch (TREE_CODE(t)) {
    case ADDR_EXPR:
      if (tree var = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
          VAR_P(var) || TREE_CODE(var) == PARM_DECL)
        self->address_taken_.insert(var);
      return NULL_TREE;
    case VAR_DECL:
    case PARM_DECL:
      self->note_named(t);
      if (VAR_P(t) && (TREE_STATIC(t) || DECL_EXTERNAL(t)))
        self->static_uses_.emplace_back(t, node);
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
  }

  void note_named(tree var) {
    if (std::find(named_.begin(), named_.end(), var) == named_.end())
      named_.push_back(var);
  }

  // The variables the body names that it does not declare: the team's,
  // the threads' own (private), and the function's, which the entry takes
  // as parameters.
  bool classify_outer_variables() {
    for (tree var : named_) {
      if (inner_.count(var) || is_team_var(var) || private_.count(var))
        continue;
      const std::string name = name_of(var);
      tree type = TREE_TYPE(var);
      if (VAR_P(var) && (TREE_STATIC(var) || DECL_EXTERNAL(var)) &&
          (lookup_attribute("omp declare target", DECL_ATTRIBUTES(var)) ||
           lookup_attribute("omp declare target link",
                            DECL_ATTRIBUTES(var)))) {
        // libgomp's copy, which `target update` and the program's other
        // regions see (ferry's module has copies of its own): its device
        // address, as an array's.
        if (!is_team_storage(type))
          return refuse(body_name() + " uses '" + name +
                        "', a variable of 'omp declare target' that is not "
                        "a number, a struct of numbers or an array of them");
        outer_.push_back({var, Outer::Pass::array_address});
        continue;
      }
      const bool is_static =
          VAR_P(var) && (TREE_STATIC(var) || DECL_EXTERNAL(var));
      if (TREE_CODE(type) == ARRAY_TYPE && is_team_storage(type) &&
          is_static && (TREE_READONLY(var) || CP_TYPE_CONST_P(type))) {
        // A read-only array of static storage (adamw's `static const
        // float _exp_qmap[]`), which OpenMP maps implicitly, to and from:
        // only its bytes matter, the same in any copy the program mapped.
        // They go to the device as a struct's do.  (GCC's build, copying
        // them back, faults on the read-only page.)
        outer_.push_back({var, Outer::Pass::object});
        continue;
      }
      if (TREE_CODE(type) == ARRAY_TYPE && is_team_storage(type)) {
        // An array of the function the program mapped (`map(alloc:
        // test[0:len])`): the entry reaches libgomp's copy.
        outer_.push_back({var, Outer::Pass::array_address});
        continue;
      }
      // A number or pointer of the function that the threads write is
      // each thread's own, as a CUDA kernel's parameter is (crs's
      // `++index` in every thread, stencil3d's `d_psi = &psi(...)`).
      // OpenMP shares it among the threads and the teams, which then race;
      // what they write never reaches the host, for the target region
      // takes it firstprivate.  Unless a clause maps it back, or its
      // address is taken (an atomic update of it, a pointer to it): then
      // sharing may be what the program means.
      // A variable of static storage stays shared: the target maps it.
      if (assigned_.count(var) && !firstprivate_.count(var) &&
          (mapped_.count(var) || address_taken_.count(var) || is_static))
        return refuse(
            (serial_ ? "its body writes '" : "its threads write '") + name +
            "', a variable " +
            (is_static ? "of static storage" : "of the function") +
            (serial_ ? "" : " that they share") +
            (mapped_.count(var)          ? " and the region maps"
             : address_taken_.count(var) ? ", through its address"
                                         : ""));
      if (TREE_CODE(type) == POINTER_TYPE && !holds_pointers(TREE_TYPE(type))) {
        outer_.push_back({var, is_device_ptr_.count(var)
                                   ? Outer::Pass::value
                                   : Outer::Pass::device_address});
        continue;
      }
      if (is_number_type(type)) {
        outer_.push_back({var, Outer::Pass::value});
        continue;
      }
      // A struct of numbers the threads only read (lavaMD's `par_cpu`,
      // its one `alpha`): a device copy, as a kernel's struct parameter.
      if (TREE_CODE(type) == RECORD_TYPE && is_team_storage(type) &&
          !assigned_.count(var)) {
        outer_.push_back({var, Outer::Pass::object});
        continue;
      }
      return refuse(body_name() + " uses '" + name +
                    "', which is neither a number, a struct of numbers it "
                    "only reads, an array of numbers or structs of numbers, "
                    "nor a pointer to data without pointers");
    }
    return true;
  }

  // Puts the device's forms of the runtime queries, barriers and atomic
  // constructs in the region's body, to be copied into the entry;
  // restore_device_code() puts the originals back.  False where a form
  // has no device helper.
  bool replace_device_code() {
    if (!device_code_->replace(&why_))
      return false;
    for (Outer &outer : outer_) {
      outer.named = outer.decl;
      if (!VAR_P(outer.decl) ||
          !(TREE_STATIC(outer.decl) || DECL_EXTERNAL(outer.decl)))
        continue;
      outer.named = build_decl(location_, VAR_DECL, DECL_NAME(outer.decl),
                               TREE_TYPE(outer.decl));
      DECL_ARTIFICIAL(outer.named) = 1;
      DECL_CONTEXT(outer.named) = fndecl_;
      for (const auto &[var, node] : static_uses_)
        if (var == outer.decl)
          replace(node, outer.named);
    }
    return true;
  }

  void replace(tree *node, tree by) {
    replaced_.emplace_back(node, *node);
    *node = by;
  }

  void restore_device_code() {
    for (auto it = replaced_.rbegin(); it != replaced_.rend(); ++it)
      *it->first = it->second;
    replaced_.clear();
    if (device_code_)
      device_code_->restore();
  }

  // `__ferry_direct_team_<function>_<n>` (libferry links the entries
  // named __ferry_direct_*): N counts the function's team regions, so that
  // each unit that defines an inline function names its entries alike.
  std::string symbol() const {
    static std::map<tree, unsigned> regions_of;
    const unsigned n = regions_of[fndecl_]++;
    return "__ferry_direct_team_" +
           std::string(IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl_))) +
           "_" + std::to_string(n);
  }

  // The entry's parameters: OUTER's each, and after a struct's address
  // its bytes (FERRY_ROLE_OBJECT's next argument), then the teams.
  void declare_entry() {
    std::vector<std::pair<tree, tree>> parameters;
    for (const Outer &outer : outer_) {
      outer_parameter_.push_back(parameters.size());
      parameters.emplace_back(get_identifier(name_of(outer.decl).c_str()),
                              team_parameter_type(outer));
      if (outer.pass == Outer::Pass::object)
        parameters.emplace_back(
            get_identifier(("__ferry_bytes_" + name_of(outer.decl)).c_str()),
            long_long_unsigned_type_node);
    }
    parameters.emplace_back(get_identifier("__ferry_teams"),
                            long_long_unsigned_type_node);
    symbol_ = symbol();
    entry_ = declare_device_function(symbol_, location_, parameters,
                                     /*kernel=*/true, fndecl_, &parameters_);
  }

  void define_entry() {
    hash_map<tree, tree> map;
    for (std::size_t i = 0; i < outer_.size(); ++i) {
      tree parameter = parameters_[outer_parameter_[i]];
      const bool by_address = outer_[i].pass == Outer::Pass::array_address ||
                              outer_[i].pass == Outer::Pass::object;
      map.put(outer_[i].named,
              by_address ? build1(INDIRECT_REF, TREE_TYPE(TREE_TYPE(parameter)),
                                  parameter)
                         : parameter);
    }
    // Each team's variables, in the block's .shared memory.
    tree shared = tree_cons(get_identifier("shared"), NULL_TREE,
                            tree_cons(get_identifier("omp declare target"),
                                      NULL_TREE, NULL_TREE));
    for (tree var : team_vars_)
      map.put(var, static_local(entry_, ("__ferry_team_" + name_of(var)).c_str(),
                                TREE_TYPE(var), shared));
    tree locals = NULL_TREE;
    for (tree var : private_) {
      tree local = build_decl(location_, VAR_DECL, DECL_NAME(var),
                              TYPE_MAIN_VARIANT(TREE_TYPE(var)));
      DECL_CONTEXT(local) = entry_;
      TREE_USED(local) = 1;
      DECL_CHAIN(local) = locals;
      locals = local;
      map.put(var, local);
    }
    FunctionCodeCopy copier(fndecl_, entry_, &map);
    tree body = copier.copy(*threads_body_);
    copier.finish();
    restore_device_code();
    entry_ = define_device_function(entry_, body, [locals](tree copied) {
      return statement_block(copied, locals);
    });
  }

  // A team's threads: num_threads, at most thread_limit, and for a team
  // loop at most its widest nested loop's.
  tree threads() const {
    tree limit = thread_limit_ ? unshare_expr(host_value(thread_limit_))
                               : NULL_TREE;
    tree wanted = num_threads_ ? unshare_expr(host_value(num_threads_))
                               : NULL_TREE;
    tree type = integer_type_node;
    tree threads = !limit || !wanted
                       ? (limit ? limit : wanted)
                       : fold_build2(MIN_EXPR, type, fold_convert(type, limit),
                                     fold_convert(type, wanted));
    return loop_threads_ ? fold_build2(MIN_EXPR, type,
                                       fold_convert(type, threads),
                                       unshare_expr(loop_threads_))
                         : threads;
  }

  const tree fndecl_;
  tree *const slot_;
  const tree target_;
  const bool serial_; // a `target` whose one thread runs its body
  const bool team_loop_; // a `distribute` loop's, read by team_loops.cc
  TeamLoop loop_;        // a team loop's threads and what they need
  tree loop_threads_ = NULL_TREE; // its widest nested loop's, in warps
  const location_t location_;
  tree *threads_body_ = nullptr; // the statements the threads run
  tree teams_ = NULL_TREE;
  tree parallel_ = NULL_TREE;
  tree teams_count_ = NULL_TREE;
  tree thread_limit_ = NULL_TREE;
  tree num_threads_ = NULL_TREE;
  tree device_clause_ = NULL_TREE; // the target's `device` clause
  std::vector<tree> team_vars_;  // the team's variables, .shared
  std::set<tree> private_;       // the parallel's private variables
  std::set<tree> firstprivate_;  // and its firstprivate ones
  std::set<tree> is_device_ptr_; // pointers that are device addresses
  std::set<tree> inner_;         // declared in the parallel body
  std::set<tree> region_locals_; // a team loop's region's declarations
  std::set<tree> assigned_;      // assigned there, or their address taken
  std::set<tree> address_taken_; // their address taken there
  std::set<tree> mapped_;        // named by the target's map clauses
  std::vector<tree> named_;      // named there, in order
  std::vector<Outer> outer_;     // the function's, the entry's parameters
  std::optional<TeamDeviceCode> device_code_; // the parallel body's
  std::vector<std::pair<tree, tree *>> static_uses_; // variable, its use
  std::vector<std::pair<tree *, tree>> replaced_;
  std::vector<tree> parameters_; // the entry's
  std::vector<std::size_t> outer_parameter_; // each of outer_'s, in it
  std::string symbol_;
  tree entry_ = NULL_TREE;
  std::string why_;
};

} // namespace

bool is_team_region(tree target) {
  tree teams = only_statement(OMP_TARGET_BODY(target));
  if (!teams || TREE_CODE(teams) != OMP_TEAMS)
    return false;
  tree inside = only_statement(OMP_TEAMS_BODY(teams));
  return !inside || (TREE_CODE(inside) != OMP_DISTRIBUTE &&
                     TREE_CODE(inside) != OMP_LOOP &&
                     TREE_CODE(inside) != OMP_PARALLEL) ||
         (TREE_CODE(inside) == OMP_PARALLEL &&
          !OMP_PARALLEL_COMBINED(inside));
}

bool is_serial_region(tree target) {
  return !first_node_of(OMP_TARGET_BODY(target), is_non_atomic_construct);
}

bool lower_team_region(tree fndecl, tree *slot, std::string *why_not) {
  return TeamRegion(fndecl, slot, Shape::team).lower(why_not);
}

bool lower_serial_region(tree fndecl, tree *slot, std::string *why_not) {
  return TeamRegion(fndecl, slot, Shape::serial).lower(why_not);
}

bool lower_team_loop(tree fndecl, tree *slot, std::string *why_not) {
  return TeamRegion(fndecl, slot, Shape::team_loop).lower(why_not);
}

} // namespace ferry
