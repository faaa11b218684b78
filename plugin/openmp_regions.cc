// SPDX-License-Identifier: GPL-3.0-or-later
// See openmp_regions.h.
#include "openmp_regions.h"

#include "device_functions.h"
#include "kernel_model.h"
#include "offload_limits.h"
#include "ownership_check.h"
#include "region_inner_loops.h"
#include "region_variables.h"
#include "region_lowering.h"
#include "region_reader.h"
#include "team_loops.h"
#include "team_regions.h"
#include "tree_utils.h"

namespace ferry {

namespace {

// The variables the map clauses of CLAUSES make present on the device,
// with the section of each pointer mapped with one: the section's clause,
// then the pointer's own, whose size is the section's offset from it.
void add_mapped(tree clauses, DataSections *present) {
  tree section = NULL_TREE;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP) {
      section = NULL_TREE;
      continue;
    }
    tree var = clause_variable(OMP_CLAUSE_DECL(c));
    if (!var)
      continue;
    DataSection &mapped = (*present)[var];
    switch (OMP_CLAUSE_MAP_KIND(c)) {
    case GOMP_MAP_POINTER:
    case GOMP_MAP_ALWAYS_POINTER:
    case GOMP_MAP_FIRSTPRIVATE_POINTER:
    case GOMP_MAP_ATTACH_DETACH:
      // A section whose bounds the front end saved (a start known only at
      // run time) is not followed: its values at the directive need not
      // be those at a region after it (`lo++` between them), and libferry
      // finds a program's section by the pointer, which lies before it.
      if (section && base_variable(OMP_CLAUSE_DECL(section)) == var &&
          !mapped.bytes && !holds_saved_value(OMP_CLAUSE_SIZE(section)) &&
          !holds_saved_value(OMP_CLAUSE_SIZE(c))) {
        mapped.bytes = OMP_CLAUSE_SIZE(section);
        mapped.bias = OMP_CLAUSE_SIZE(c);
      }
      section = NULL_TREE;
      break;
    default:
      section = c;
      break;
    }
  }
}

// A section that ends before the loop's accesses do, or starts after
// they start: the loop reads or writes memory the map did not bring.
// Only what folds to a constant is certain.  Whether there was one.
bool check_sections(const OpenmpRegion &region, const KernelFacts &facts) {
  bool short_section = false;
  tree type = long_long_integer_type_node;
  for (const Reach &reach : facts.reaches) {
    const RegionMap &map = region.maps[reach.buffer->index];
    if (!map.kind || map.present ||
        !integer_onep(fold_build2(LT_EXPR, boolean_type_node, reach.first,
                                  reach.end)))
      continue;
    tree start = fold_convert(type, map.bias);
    tree end =
        fold_build2(PLUS_EXPR, type, start, fold_convert(type, map.bytes));
    tree element = fold_convert(
        type, TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(reach.buffer->decl))));
    const struct {
      tree bytes;
      const char *where;
    } outside[] = {
        {fold_build2(MINUS_EXPR, type, reach.end, end), "past the end"},
        {fold_build2(MINUS_EXPR, type, start, reach.first),
         "before the start"}};
    for (const auto &side : outside) {
      if (TREE_CODE(side.bytes) != INTEGER_CST ||
          tree_int_cst_sgn(side.bytes) <= 0)
        continue;
      short_section = true;
      if (region.quiet)
        continue;
      tree elements = fold_build2(CEIL_DIV_EXPR, type, side.bytes, element);
      tree first = fold_build2(FLOOR_DIV_EXPR, type, reach.first, element);
      tree count = fold_build2(
          MINUS_EXPR, type,
          fold_build2(CEIL_DIV_EXPR, type, reach.end, element), first);
      auto_diagnostic_group group;
      emit_diagnostic(region.mistake_kind(), map.location, 0,
                      "the loop accesses %E elements of %qD %s of the "
                      "section mapped here",
                      elements, reach.buffer->decl, side.where);
      inform(reach.location, "the loop reaches %<%E[%E:%E]%>; map that section",
             DECL_NAME(reach.buffer->decl), first, count);
    }
  }
  return short_section;
}

// What the loop does with each buffer, for explain: `x` read, map(to).
std::string buffer_uses(const Kernel &kernel, const OpenmpRegion &region,
                        const KernelFacts &facts) {
  std::string text;
  for (const BufferParam &buffer : kernel.buffers) {
    const BufferUse &use = facts.uses[buffer.index];
    const RegionMap &map = region.maps[buffer.index];
    if (!use.read && !use.written)
      continue;
    text += text.empty() ? "" : "; ";
    text += "'" + name_of(buffer.decl) + "' ";
    text += use.read && use.written ? "read and written"
            : use.written           ? "written"
                                    : "read";
    if (map.present)
      text += ", present already";
    else if (map.kind)
      text += std::string(", map(") + map.kind + ")";
    else
      text += ", no map clause";
  }
  return text.empty() ? "no buffer" : text;
}

// The `safelen` clause of a simd construct of TARGET's loop nest, if any
// (its body holds no other construct when the reader takes it).
tree safelen_clause(tree target) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
      } else if (TREE_CODE(*node) == OMP_SIMD) {
        for (tree c = OMP_FOR_CLAUSES(*node); c; c = OMP_CLAUSE_CHAIN(c))
          if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_SAFELEN)
            return c;
      }
      return NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target),
                                         Search::visit, nullptr);
}

// A team loop (team_loops.h) that the checker does not follow, for the
// reason UNCHECKED: its device entry in place of the region at *SLOT,
// each iteration a team of one block, where its form allows.
void take_team_loop(tree fndecl, tree *slot, const RegionCheckOptions &options,
                    bool explain, const OpenmpRegion &region,
                    const std::string &unchecked) {
  std::string why_not = options.lower
                            ? ""
                            : "-fplugin-arg-ferry-openmp-as-written is given";
  if (!options.lower || !lower_team_loop(fndecl, slot, &why_not)) {
    if (explain)
      inform(region.location,
             "ferry did not check this %<#pragma omp %s%> (%s) nor take it as "
             "a team loop: %s; GCC compiles it as written",
             region.directive.c_str(), unchecked.c_str(), why_not.c_str());
  } else if (explain) {
    inform(region.location,
           "ferry runs this %<#pragma omp %s%> as CUDA runs a kernel, each "
           "iteration of its loop a team of one block, "
           "whose threads share its parallel loops and run its other "
           "statements (those that write memory on one thread), on the data "
           "mapped around it or by its own map clauses (on other data as GCC "
           "compiles it); "
           "ferry does not check such a region (%s)",
           region.directive.c_str(), unchecked.c_str());
  }
}

// Checks the region at *SLOT and, when it is shown right and its clauses
// allow, puts ferry's kernel in its place (region_lowering.h).  QUIET: an
// instance of a template whose region was reported already.
void check_region(tree fndecl, tree *slot, const DataSections &present,
                  const RegionCheckOptions &options, bool quiet) {
  // One error a region, not one an instance of its template.
  if (!quiet && !check_region_offload_limits(*slot))
    return;
  const bool explain = options.explain && !quiet;
  const bool serial = is_serial_region(*slot);
  if (serial || is_team_region(*slot)) {
    const location_t where = EXPR_LOCATION(*slot);
    const char *construct = serial ? "target" : "target teams";
    bool device_clause = false;
    for (tree c = OMP_TARGET_CLAUSES(*slot); c; c = OMP_CLAUSE_CHAIN(c))
      device_clause |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_DEVICE;
    std::string why_not = options.lower
                              ? ""
                              : "-fplugin-arg-ferry-openmp-as-written is given";
    if (!options.lower ||
        !(serial ? lower_serial_region : lower_team_region)(fndecl, slot,
                                                            &why_not)) {
      if (explain)
        inform(where,
               "ferry did not take this %<#pragma omp %s%>: %s; GCC "
               "compiles it as written",
               construct, why_not.c_str());
    } else if (explain) {
      inform(where,
             serial ? "ferry runs this %<#pragma omp %s%> as CUDA runs a "
                      "kernel of one thread, on the data mapped around it or "
                      "by its own map clauses (on other data as GCC compiles "
                      "it)%s; ferry "
                      "does not check such a region"
                    : "ferry runs this %<#pragma omp %s%> as CUDA runs a "
                      "kernel, each team as one block of its threads, on the "
                      "data mapped around it or by its own map clauses (on "
                      "other data as GCC compiles it)%s; ferry does not "
                      "check such a region",
             construct,
             device_clause ? ", on the device its 'device' clause names "
                             "where that is one of ferry's targets (as GCC "
                             "compiles it for other numbers)"
                           : "");
    }
    return;
  }
  // As written (-fplugin-arg-ferry-openmp-as-written), the body keeps
  // changing the variable, and the check says so.
  if (options.lower)
    copy_changed_loop_variables(*slot, options.errors ? DK_ERROR : DK_WARNING,
                                quiet);
  slot = copy_region_globals(fndecl, slot);
  slot = copy_region_members(fndecl, slot, present);
  slot = map_arrays_as_sections(fndecl, slot, present);
  slot = map_written_numbers_as_sections(fndecl, slot, present);
  OpenmpRegion region;
  region.location = location_or(*slot, DECL_SOURCE_LOCATION(fndecl));
  region.directive = "target";
  region.errors = options.errors;
  region.explain = options.explain;
  region.quiet = quiet;
  Kernel kernel;
  std::string why_not;
  // The inner loops read in order stay so only in a region ferry takes.
  struct InnerLoopsKept {
    ReplacedConstructs &replaced;
    bool taken = false;
    ~InnerLoopsKept() {
      if (!taken)
        restore_inner_loops(&replaced);
    }
  } inner_loops{region.inner_loops};
  if (!read_openmp_region(fndecl, *slot, present, &region, &kernel,
                          &why_not)) {
    restore_inner_loops(&region.inner_loops);
    if (is_team_loop(*slot))
      take_team_loop(fndecl, slot, options, explain, region, why_not);
    else if (explain)
      inform(region.location,
             "ferry did not check this %<#pragma omp %s%>: %s; GCC compiles "
             "it as written",
             region.directive.c_str(), why_not.c_str());
    return;
  }
  const bool notes_inhibited = global_dc->inhibit_notes_p;
  KernelFacts facts;
  NoInstantiation as_written;
  const bool shown_safe = check_ownership(kernel, &facts);
  global_dc->inhibit_notes_p = notes_inhibited;
  const bool short_section = check_sections(region, facts);
  const std::string uses = buffer_uses(kernel, region, facts);
  const ParallelLoop &loop = kernel.loops.front();
  const char *collapsed =
      loop.levels.size() > 1 ? " and the loops it collapses" : "";
  // What only the pragma's promise covers (each iteration at its own
  // elements) does not keep GCC's path; anything else ferry could not
  // show, or a certain mistake, does.
  // A `safelen(k)` promises only k iterations at once (OpenMP 5.2, 10.4):
  // a loop whose iterations k apart depend on each other (`a[i-k] +=
  // a[i]`) needs them in order, which a kernel's launch does not keep.
  tree safelen = safelen_clause(*slot);
  kernel.promised = !shown_safe && !short_section &&
                    facts.only_races_unshown() && !safelen;
  if (!shown_safe && safelen && explain)
    inform(OMP_CLAUSE_LOCATION(safelen),
           "ferry: %<safelen(%E)%> lets no more than %E iterations run at once, so "
           "the pragma does not promise that all of them are independent",
           OMP_CLAUSE_SAFELEN_EXPR(safelen), OMP_CLAUSE_SAFELEN_EXPR(safelen));
  if ((!shown_safe && !kernel.promised) || short_section) {
    if (explain)
      inform(region.location,
             "ferry checked this %<#pragma omp %s%> as a parallel loop over "
             "%qD%s (%s), and did not show all of it right (the diagnostics "
             "above say where); GCC compiles it as written",
             region.directive.c_str(), loop.levels.front().var, collapsed,
             uses.c_str());
    return;
  }
  if (!options.lower) {
    why_not = "-fplugin-arg-ferry-openmp-as-written is given";
  } else if (outline_region(fndecl, slot, kernel, facts.reaches, present,
                            options.lower, &why_not)) {
    inner_loops.taken = true;
    if (explain)
      inform(region.location,
             "ferry runs this %<#pragma omp %s%> over %qD%s (%s) as a kernel "
             "of its own, with the launch and residency of ferry kernels%s%s%s",
             region.directive.c_str(), loop.levels.front().var, collapsed,
             uses.c_str(),
             kernel.promised ? ", on the pragma's promise that its "
                               "iterations do not race (the notes above say "
                               "what ferry could not show)"
                             : "",
             why_not.empty() ? "" : ", ", why_not.c_str());
    return;
  }
  if (explain)
    inform(region.location,
           "ferry checked this %<#pragma omp %s%> as a parallel loop over %qD%s "
           "(%s); GCC compiles it as written: %s",
           region.directive.c_str(), loop.levels.front().var, collapsed,
           uses.c_str(), why_not.c_str());
}

// Walks a function's statements; the variables the enclosing target data
// regions map are present in the regions inside them.
class RegionSearch {
public:
  RegionSearch(tree fndecl, const RegionCheckOptions &options)
      : fndecl_(fndecl), options_(options) {}

  void run() {
    tree *body = &DECL_SAVED_TREE(fndecl_);
    // `target enter data` anywhere in the function may have mapped what a
    // region uses before it runs.
    cp_walk_tree_without_duplicates(body, find_enter_data, &present_);
    walk(body);
    // Calls in place of regions may have brought scopes of their own.
    rebuild_blocks(fndecl_);
  }

private:
  void walk(tree *body) { cp_walk_tree(body, visit, this, nullptr); }

  static tree find_enter_data(tree *node, int *walk_subtrees, void *data) {
    if (TYPE_P(*node))
      *walk_subtrees = 0;
    else if (TREE_CODE(*node) == OMP_TARGET_ENTER_DATA)
      add_mapped(OMP_TARGET_ENTER_DATA_CLAUSES(*node),
                 static_cast<DataSections *>(data));
    return NULL_TREE;
  }

  static tree visit(tree *node, int *walk_subtrees, void *data) {
    auto *self = static_cast<RegionSearch *>(data);
    tree t = *node;
    if (TYPE_P(t)) {
      *walk_subtrees = 0;
    } else if (TREE_CODE(t) == OMP_TARGET_DATA) {
      *walk_subtrees = 0;
      const DataSections outside = self->present_;
      add_mapped(OMP_TARGET_DATA_CLAUSES(t), &self->present_);
      self->walk(&OMP_TARGET_DATA_BODY(t));
      self->present_ = outside;
    } else if (TREE_CODE(t) == OMP_TARGET) {
      *walk_subtrees = 0;
      // A template's instances share the region's location and would
      // repeat its findings.
      const bool quiet = !checked_.insert(EXPR_LOCATION(t)).second;
      check_region(self->fndecl_, node, self->present_, self->options_,
                   quiet);
    }
    return NULL_TREE;
  }

  tree fndecl_;
  const RegionCheckOptions &options_;
  DataSections present_;
  static std::set<location_t> checked_;
};

std::set<location_t> RegionSearch::checked_;

} // namespace

bool region_calls_undefined(tree fndecl) {
  if (!flag_openmp || !DECL_SAVED_TREE(fndecl))
    return false;
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
      } else if (TREE_CODE(*node) == OMP_TARGET) {
        *walk_subtrees = 0;
        if (undefined_callee_in(OMP_TARGET_BODY(*node)))
          return *node;
      }
      return NULL_TREE;
    }
  };
  // A template instance made now could resolve its calls otherwise than
  // at the end of the unit, where the front end makes it.
  NoInstantiation as_written;
  return cp_walk_tree_without_duplicates(&DECL_SAVED_TREE(fndecl),
                                         Search::visit, nullptr) != NULL_TREE;
}

void check_openmp_regions(tree fndecl, const RegionCheckOptions &options) {
  // After an error the pragmas may have lost clauses (GCC 12 stops at one
  // it does not know, such as uses_allocators): nothing to check against.
  if (!flag_openmp || !DECL_SAVED_TREE(fndecl) || seen_error())
    return;
  RegionSearch(fndecl, options).run();
}

} // namespace ferry
