// SPDX-License-Identifier: GPL-3.0-or-later
// See region_clauses.h.
#include "region_clauses.h"

#include "tree_utils.h"

namespace ferry {

bool is_level_var(const ParallelLoop &loop, tree var) {
  for (const LoopLevel &level : loop.levels)
    if (level.var == var)
      return true;
  return false;
}

namespace {

// Clauses that only choose how the iterations are spread (teams, threads,
// schedule, vector lanes) or promise what the check showed: ferry's
// launch chooses for itself, and the answers do not depend on it.
bool spreads_iterations(omp_clause_code code) {
  switch (code) {
  case OMP_CLAUSE_COLLAPSE:
  case OMP_CLAUSE_NUM_TEAMS:
  case OMP_CLAUSE_THREAD_LIMIT:
  case OMP_CLAUSE_NUM_THREADS:
  case OMP_CLAUSE_SCHEDULE:
  case OMP_CLAUSE_DIST_SCHEDULE:
  case OMP_CLAUSE_DEFAULT:
  case OMP_CLAUSE_PROC_BIND:
  case OMP_CLAUSE_ORDER:
  case OMP_CLAUSE_SAFELEN:
  case OMP_CLAUSE_SIMDLEN:
  case OMP_CLAUSE_ALIGNED:
  case OMP_CLAUSE_NONTEMPORAL:
    return true;
  default:
    return false;
  }
}

bool kept_reduction(tree_code op) {
  switch (op) {
  case PLUS_EXPR:
  case MINUS_EXPR:
  case MULT_EXPR:
  case BIT_AND_EXPR:
  case BIT_IOR_EXPR:
  case BIT_XOR_EXPR:
  case MIN_EXPR:
  case MAX_EXPR:
    return true;
  default:
    return false;
  }
}

class ClauseReader {
public:
  ClauseReader(const Kernel &checked, const ParallelLoop &loop,
               KeptClauses *kept)
      : checked_(checked), loop_(loop), kept_(*kept) {}

  // The clauses of the target construct, then of each construct around
  // the loop.
  bool read(std::string *why_not) {
    const std::vector<tree> &lists = checked_.region->clause_lists;
    for (std::size_t i = 0; i < lists.size(); ++i)
      for (tree c = lists[i]; c; c = OMP_CLAUSE_CHAIN(c))
        if (!clause_kept(c, /*on_target=*/i == 0, why_not))
          return false;
    return true;
  }

private:
  bool clause_kept(tree c, bool on_target, std::string *why_not) {
    const omp_clause_code code = OMP_CLAUSE_CODE(c);
    if (spreads_iterations(code))
      return true;
    const std::string clause = omp_clause_code_name[code];
    switch (code) {
    case OMP_CLAUSE_MAP:
      return map_kept(c, why_not);
    case OMP_CLAUSE_NOWAIT:
      // On the target, it lets the region be a deferred task; running it
      // before the encountering thread goes on is one schedule OpenMP
      // allows (ferry's launches are asynchronous anyway, and the host's
      // accesses and clock reads wait for them).  A `depend` clause keeps GCC's path.  The
      // inner `for` of a combined `parallel for` has one of its own.
      return true;
    case OMP_CLAUSE_IF:
      // On the target, whether the region runs on the device: the call
      // site tests it, and the region, as GCC compiled it, runs the loop
      // on the host when it is false.  On the constructs inside, whether
      // their threads run in parallel: the iterations are shown
      // independent, so the kernel's answers are the same.
      if (!on_target)
        return OMP_CLAUSE_IF_MODIFIER(c) == ERROR_MARK ||
               OMP_CLAUSE_IF_MODIFIER(c) == OMP_PARALLEL ||
               OMP_CLAUSE_IF_MODIFIER(c) == OMP_SIMD;
      if (OMP_CLAUSE_IF_MODIFIER(c) == ERROR_MARK ||
          OMP_CLAUSE_IF_MODIFIER(c) == OMP_TARGET) {
        kept_.device_if = c;
        return true;
      }
      break;
    case OMP_CLAUSE_DEVICE:
      // Which device runs the region: the call site asks libferry for the
      // target of that number, and runs the region as GCC compiled it
      // when there is none (the host, for omp_get_initial_device()).
      if (on_target && !OMP_CLAUSE_DEVICE_ANCESTOR(c)) {
        kept_.device_clause = c;
        return true;
      }
      break;
    case OMP_CLAUSE_IS_DEVICE_PTR:
      // A pointer to device memory the program allocated itself
      // (omp_target_alloc): a buffer without a map, which the call site
      // takes where libferry knows the block around it, on the block
      // itself (abi.h, __ferry_mapped_elements); GCC's path elsewhere.
      if (tree var = OMP_CLAUSE_DECL(c);
          on_target && DECL_P(var) && POINTER_TYPE_P(TREE_TYPE(var)) &&
          !TYPE_REF_P(TREE_TYPE(var)))
        return true;
      break;
    case OMP_CLAUSE_FIRSTPRIVATE:
    case OMP_CLAUSE_SHARED:
      return true; // the variables are checked with the loop's
    case OMP_CLAUSE_PRIVATE:
      if (tree var = OMP_CLAUSE_DECL(c); DECL_P(var)) {
        kept_.privates.insert(var);
        return true;
      }
      break;
    case OMP_CLAUSE_LASTPRIVATE:
    case OMP_CLAUSE_LINEAR:
      // The loop's own variable, which the construct gives back.
      if (is_level_var(loop_, OMP_CLAUSE_DECL(c)) &&
          (code == OMP_CLAUSE_LINEAR || !OMP_CLAUSE_LASTPRIVATE_CONDITIONAL(c)))
        return true;
      break;
    case OMP_CLAUSE_REDUCTION: {
      tree var = OMP_CLAUSE_DECL(c);
      if (DECL_P(var) && !OMP_CLAUSE_REDUCTION_PLACEHOLDER(c) &&
          !OMP_CLAUSE_REDUCTION_TASK(c) && !OMP_CLAUSE_REDUCTION_INSCAN(c) &&
          kept_reduction(OMP_CLAUSE_REDUCTION_CODE(c)) &&
          is_copyable_scalar(TREE_TYPE(var)) &&
          !POINTER_TYPE_P(TREE_TYPE(var))) {
        kept_.reductions.insert(var);
        return true;
      }
      *why_not = "its reduction of '" + describe(var) +
                 "' is not one of a number with +, *, -, &, |, ^, min or max";
      return false;
    }
    default:
      break;
    }
    *why_not = "ferry does not take its '" + clause + "' clause";
    return false;
  }

  static std::string describe(tree t) {
    return DECL_P(t) ? name_of(t) : expr_as_string(t, 0);
  }

  // A section of a buffer, its pointer, or a number.
  bool map_kept(tree c, std::string *why_not) {
    switch (OMP_CLAUSE_MAP_KIND(c)) {
    case GOMP_MAP_TO:
    case GOMP_MAP_FROM:
    case GOMP_MAP_TOFROM:
    case GOMP_MAP_ALLOC:
    case GOMP_MAP_FIRSTPRIVATE_POINTER:
    // `map(to: plane)` of a reference: GCC maps the object (`*plane`) and
    // the reference to it, as a pointer's section and the pointer.
    case GOMP_MAP_FIRSTPRIVATE_REFERENCE:
      break;
    default:
      *why_not = "one of its maps has a kind or modifier ferry does not "
                 "take (always, present, ...)";
      return false;
    }
    tree decl = OMP_CLAUSE_DECL(c);
    if (DECL_P(decl) && !POINTER_TYPE_P(TREE_TYPE(decl)) &&
        is_copyable_scalar(TREE_TYPE(decl)) && TREE_CODE(TREE_TYPE(decl)) != ARRAY_TYPE)
      return true;
    tree base = decl;
    while (base && !DECL_P(base) && TREE_CODE(base) != TREE_LIST &&
           EXPR_P(base))
      base = TREE_OPERAND(base, 0);
    while (base && TREE_CODE(base) == TREE_LIST)
      base = TREE_CHAIN(base);
    if (base && DECL_P(base) && checked_.buffer_for(base))
      return true;
    *why_not = std::string("it maps '") + expr_as_string(decl, 0) +
               "', which is not a number or a section of a pointer";
    return false;
  }

  const Kernel &checked_;
  const ParallelLoop &loop_;
  KeptClauses &kept_;
};

} // namespace

bool read_kept_clauses(const Kernel &checked, const ParallelLoop &loop,
                       KeptClauses *kept, std::string *why_not) {
  return ClauseReader(checked, loop, kept).read(why_not);
}

} // namespace ferry
