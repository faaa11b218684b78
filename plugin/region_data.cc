// SPDX-License-Identifier: GPL-3.0-or-later
// See region_data.h.
#include "region_data.h"

#include "region_reader.h"
#include "tree_utils.h"

namespace ferry {

namespace {

// Whether a map of KIND moves data, as opposed to the pointer mapping that
// the front end adds after an array section.
bool moves_data(gomp_map_kind kind) {
  switch (kind) {
  case GOMP_MAP_TO:
  case GOMP_MAP_FROM:
  case GOMP_MAP_TOFROM:
  case GOMP_MAP_ALLOC:
    return true;
  default:
    return false;
  }
}

// Whether C, a clause of a target construct, is a map that the data
// construct around the region can make in its place (region_data.h).
bool map_movable_to_data(tree c) {
  if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
    return false;
  const gomp_map_kind kind = OMP_CLAUSE_MAP_KIND(c);
  const bool pointer = kind == GOMP_MAP_POINTER ||
                       kind == GOMP_MAP_FIRSTPRIVATE_POINTER ||
                       kind == GOMP_MAP_FIRSTPRIVATE_REFERENCE ||
                       kind == GOMP_MAP_ATTACH_DETACH;
  if (!moves_data(kind) && !pointer)
    return false;
  // A variable, or a section of an array or of what a pointer points to.
  // Not a member (`map(s.p[0:n])`, `map(this->a[0:n])`): for a target,
  // the front end maps the whole `*this` besides, which a data construct
  // mapping the members first would make an overlapping map.
  tree base = base_variable(OMP_CLAUSE_DECL(c));
  return base && !is_this_parameter(base) &&
         !has_effects_beyond_saves(OMP_CLAUSE_DECL(c)) &&
         !has_effects_beyond_saves(OMP_CLAUSE_SIZE(c));
}

} // namespace

tree within_region_data(tree fndecl, tree target, tree device,
                        tree statements) {
  tree clauses = NULL_TREE;
  bool moves = false;
  for (tree c = OMP_TARGET_CLAUSES(target); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP)
      continue;
    // A section left to the region alone would leave its pointer's map
    // here without the data it attaches to: then none move.
    if (!map_movable_to_data(c))
      return statements;
    moves |= moves_data(OMP_CLAUSE_MAP_KIND(c));
    // Each construct's gimplification rewrites its clauses' operands.  The
    // saved values (a section's base and bias) stay shared: the data
    // construct evaluates them first, and the region reads the same.
    tree copy = copy_node(c);
    OMP_CLAUSE_DECL(copy) = unshare_expr(OMP_CLAUSE_DECL(c));
    OMP_CLAUSE_SIZE(copy) = unshare_expr(OMP_CLAUSE_SIZE(c));
    // A target takes the pointer to a section firstprivate; a data
    // construct attaches it, as the front end writes `target data` (an
    // array's base stays firstprivate in both).
    if (OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_POINTER &&
        POINTER_TYPE_P(TREE_TYPE(OMP_CLAUSE_DECL(c))))
      OMP_CLAUSE_SET_MAP_KIND(copy, GOMP_MAP_ATTACH_DETACH);
    OMP_CLAUSE_CHAIN(copy) = clauses;
    clauses = copy;
  }
  if (!moves || inside_openmp_construct(DECL_SAVED_TREE(fndecl), target))
    return statements;
  if (device) {
    tree clause = build_omp_clause(EXPR_LOCATION(target), OMP_CLAUSE_DEVICE);
    OMP_CLAUSE_DEVICE_ID(clause) = device;
    OMP_CLAUSE_CHAIN(clause) = clauses;
    clauses = clause;
  }
  tree data = make_node(OMP_TARGET_DATA);
  TREE_TYPE(data) = void_type_node;
  TREE_SIDE_EFFECTS(data) = 1;
  SET_EXPR_LOCATION(data, EXPR_LOCATION(target));
  OMP_TARGET_DATA_BODY(data) = statements;
  OMP_TARGET_DATA_CLAUSES(data) = nreverse(clauses);
  return data;
}

} // namespace ferry
