// SPDX-License-Identifier: GPL-3.0-or-later
// The checker's findings in a program's own OpenMP target region
// (openmp_regions.h): the mistakes OpenMP's meaning makes certain, each a
// warning at its line with the clause that fixes it.  The region still
// runs as its pragma says.
#include "loop_checker.h"

#include "reductions.h"

namespace ferry {

// A map kind contradicts the loop only where the map copies: not when an
// enclosing data region mapped the section already, which ferry sees only
// in the same function.
const char *const kAlreadyMapped =
    "; the map as written is right only where a data region outside this "
    "function has mapped it already";

void LoopChecker::note_map(const BufferParam &buffer) {
  const RegionMap &map = k_.region->maps[buffer.index];
  if (map.kind)
    inform(map.location, "%qD is mapped %<%s%> here", buffer.decl, map.kind);
  else
    inform(DECL_SOURCE_LOCATION(buffer.decl),
           "%qD is used without a map clause", buffer.decl);
}

void LoopChecker::report_region_write(const BufferParam &buffer,
                                      location_t where) {
  if (!reported_contract_.insert(buffer.index).second)
    return;
  auto_diagnostic_group group;
  mistake(k_.region->maps[buffer.index].location,
          "%qD is mapped %<to%>, but the loop writes it: the host never "
          "sees what the device writes",
          buffer.decl);
  inform(where, "the loop writes %qD here", buffer.decl);
  inform(k_.region->maps[buffer.index].location,
         "map it %<tofrom%> to copy the results back, or %<from%> when the "
         "loop sets every element without reading it%s",
         kAlreadyMapped);
}

void LoopChecker::report_region_unset_read(const BufferParam &buffer,
                                           const BufferAccess &access) {
  // A read ferry could not trace to its element (through a helper's
  // reference, say) may be of one the iteration wrote.
  if (!access.offset.affine) {
    fail(access.location,
         "ferry cannot show which element of %qD this read reaches",
         buffer.decl);
    return;
  }
  const RegionMap &map = k_.region->maps[buffer.index];
  auto_diagnostic_group group;
  mistake(access.location,
          "this read of %qD comes before the iteration writes that element, "
          "but %qD is mapped %<%s%>: nothing set its device copy from the "
          "host",
          buffer.decl, buffer.decl, map.kind);
  if (access.helper)
    inform(access.helper_location, "%qD makes the read here", access.helper);
  inform(map.location,
         "map it %<tofrom%>, or %<to%> if the loop does not write it%s",
         kAlreadyMapped);
}

void LoopChecker::report_region_partial_write(const BufferParam &buffer,
                                              const Coverage &coverage) {
  const bool certain =
      coverage.kind == Coverage::gaps_between ||
      (coverage.first_known && coverage.first != 0) ||
      (coverage.end_known && coverage.end_minus_length < 0);
  if (certain)
    mistake(loop_.location,
            "this loop leaves elements of %qD unwritten, but %<map(from)%> "
            "copies all of them back: they get what device memory held",
            buffer.decl);
  else
    fail(loop_.location,
         "ferry cannot show that this loop writes every element of %qD, "
         "which %<map(from)%> copies back whole",
         buffer.decl);
}

void LoopChecker::report_region_shared_write(tree decl, tree value,
                                             location_t where) {
  // An element or member of an array or struct of the function: which one
  // the iteration writes is not followed (only buffers are).
  if (AGGREGATE_TYPE_P(TREE_TYPE(decl))) {
    fail(where, "ferry does not follow the writes to %qD, an array or "
                "struct of the function",
         decl);
    return;
  }
  // Every iteration storing one value (`num_teams = omp_get_num_teams()`,
  // a flag) is what programs and OpenMP's own tests do on purpose.
  if (!k_.region->shared_by_iterations(decl)) {
    fail(where, "each team writes its own copy of %qD, but in turn", decl);
    return;
  }
  // A store under a condition may be made by one iteration only (`if
  // (omp_get_team_num() == 0) flag = x[i]`).
  if (!unguarded()) {
    fail(where, "ferry cannot show that one iteration at most stores to %qD",
         decl);
    return;
  }
  if (value && !varies_by_iteration(value)) {
    fail(where, "every iteration stores to %qD; ferry cannot show that "
                "they store the same value",
         decl);
    return;
  }
  if (!reported_variables_.insert(decl).second)
    return;
  auto_diagnostic_group group;
  mistake(where,
          "%qD is shared by the threads of the region; writing it from the "
          "loop is a data race",
          decl);
  inform(DECL_SOURCE_LOCATION(decl),
         "declare %qD inside the loop, or add %<private(%E)%> to the "
         "%<#pragma omp %s%>; to combine values across iterations, add a "
         "%<reduction%> clause",
         decl, DECL_NAME(decl), k_.region->directive.c_str());
}

void LoopChecker::report_region_loop_variable_write(tree decl,
                                                     location_t where) {
  if (!reported_variables_.insert(decl).second)
    return;
  auto_diagnostic_group group;
  mistake(where,
          "this loop changes its own variable %qD, which OpenMP does not "
          "allow: the %<#pragma omp %s%> counts the iterations apart from it",
          decl, k_.region->directive.c_str());
  inform(where,
         "compute the value in a variable of its own (%<int j = ...;%>) "
         "and leave %qD to the loop",
         decl);
}

bool LoopChecker::varies_by_iteration(tree value) const {
  struct Search {
    const LoopChecker *checker;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      const LoopChecker *self = static_cast<Search *>(data)->checker;
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      const bool varies =
          self->is_parallel_var(t) || self->private_vars_.count(t) ||
          TREE_CODE(t) == INDIRECT_REF || TREE_CODE(t) == ARRAY_REF ||
          TREE_CODE(t) == MEM_REF;
      return varies ? t : NULL_TREE;
    }
  } search{this};
  return cp_walk_tree_without_duplicates(&value, Search::visit, &search);
}

void LoopChecker::report_missing_reduction(tree var, tree_code op,
                                           location_t where) {
  if (!k_.region->shared_by_iterations(var)) {
    fail(where, "each team updates its own copy of %qD, in turn", var);
    return;
  }
  if (!reported_variables_.insert(var).second)
    return;
  auto_diagnostic_group group;
  mistake(where,
          "every iteration updates %qD, which has no reduction clause: a "
          "data race",
          var);
  inform(k_.region->location, "add %<reduction(%s: %E)%> to the %<#pragma "
                              "omp %s%>",
         reduction_name(op), DECL_NAME(var), k_.region->directive.c_str());
}

void LoopChecker::report_region_same_element(const BufferParam &buffer,
                                             const BufferAccess &access) {
  auto_diagnostic_group group;
  mistake(access.location,
          "every iteration writes this element of %qD: a data race",
          buffer.decl);
  if (access.helper)
    inform(access.helper_location, "%qD makes the write here", access.helper);
  inform(access.location,
         "let each iteration write its own element, such as %<%E[%E]%>; to "
         "combine the values of all iterations, use a scalar with a "
         "%<reduction%> clause, or %<#pragma omp atomic%>",
         DECL_NAME(buffer.decl), DECL_NAME(loop_.levels.back().var));
}

void report_region_unwritten(const Kernel &kernel, const BufferParam &buffer) {
  const RegionMap &map = kernel.region->maps[buffer.index];
  if (kernel.region->quiet)
    return;
  auto_diagnostic_group group;
  emit_diagnostic(kernel.region->mistake_kind(), map.location, 0,
                  "%qD is mapped %<from%>, but the loop never writes it: the "
                  "copy back puts device memory nothing set over the values on "
                  "the host",
                  buffer.decl);
  inform(map.location,
         "remove the map, or map it %<to%> if the loop reads it%s",
         kAlreadyMapped);
}

} // namespace ferry
