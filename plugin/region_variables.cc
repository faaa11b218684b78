// SPDX-License-Identifier: GPL-3.0-or-later
// See region_variables.h.
#include "region_variables.h"

#include "region_reader.h"
#include "tree_utils.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ferry {

namespace {

bool is_omp_construct(tree t) {
  switch (TREE_CODE(t)) {
  case OMP_TARGET:
  case OMP_TEAMS:
  case OMP_DISTRIBUTE:
  case OMP_PARALLEL:
  case OMP_FOR:
  case OMP_SIMD:
  case OMP_LOOP:
    return true;
  default:
    return false;
  }
}

// What the region does with the program's globals: those it reads as
// values (in order of first use), and those it must see as they are
// (written, address taken, named by a clause).
struct GlobalUses {
  std::vector<tree> read;
  std::set<tree> kept;
  bool default_none = false;
};

bool is_candidate(tree t) {
  if (!VAR_P(t) || !(TREE_STATIC(t) || DECL_EXTERNAL(t)) ||
      DECL_THREAD_LOCAL_P(t) || DECL_HAS_VALUE_EXPR_P(t) ||
      TREE_READONLY(t) || TREE_THIS_VOLATILE(t) ||
      lookup_attribute("omp declare target", DECL_ATTRIBUTES(t)) ||
      lookup_attribute("omp declare target link", DECL_ATTRIBUTES(t)))
    return false;
  tree type = TREE_TYPE(t);
  return INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type) ||
         (POINTER_TYPE_P(type) && !TYPE_REF_P(type) &&
          !FUNC_OR_METHOD_TYPE_P(TREE_TYPE(type)));
}

tree find_uses(tree *node, int *walk_subtrees, void *data);

// The globals CLAUSES name: kept as they are, but for those a map
// clause's section bounds only read (`A[id * chunksize:chunksize]`).
void note_clauses(tree clauses, GlobalUses *uses) {
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c)) {
    switch (OMP_CLAUSE_CODE(c)) {
    case OMP_CLAUSE_DEFAULT:
      uses->default_none |=
          OMP_CLAUSE_DEFAULT_KIND(c) == OMP_CLAUSE_DEFAULT_NONE;
      break;
    case OMP_CLAUSE_DEFAULTMAP:
      uses->default_none = true; // the program says how globals map
      break;
    case OMP_CLAUSE_FIRSTPRIVATE:
      continue; // what the region does without it: replaced there too
    default:
      break;
    }
    struct Named {
      GlobalUses *uses;
      tree mapped; // a map clause's variable; its bounds are only read
      static tree visit(tree *node, int *walk_subtrees, void *data) {
        auto *named = static_cast<Named *>(data);
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        else if (named->mapped && *node != named->mapped)
          find_uses(node, walk_subtrees, named->uses);
        else if (VAR_P(*node))
          named->uses->kept.insert(*node);
        return NULL_TREE;
      }
    } named{uses, OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP
                      ? clause_variable(OMP_CLAUSE_DECL(c))
                      : NULL_TREE};
    for (int i = 0; i < omp_clause_num_ops[OMP_CLAUSE_CODE(c)]; ++i)
      cp_walk_tree_without_duplicates(&OMP_CLAUSE_OPERAND(c, i), Named::visit,
                                      &named);
  }
}

// The variable TARGET, an lvalue, is based on when it names one directly
// (`g = ...`, `++g`, `g.field = ...`).
tree assigned_variable(tree target) {
  while (TREE_CODE(target) == COMPONENT_REF ||
         TREE_CODE(target) == ARRAY_REF || TREE_CODE(target) == NOP_EXPR ||
         TREE_CODE(target) == VIEW_CONVERT_EXPR)
    target = TREE_OPERAND(target, 0);
  target = tree_strip_any_location_wrapper(target);
  return VAR_P(target) ? target : NULL_TREE;
}

// The variable that T, an assignment, increment or address-of, changes or
// may change by naming it directly; NULL_TREE for any other T.
tree changed_variable(tree t) {
  if (store_of(TREE_CODE(t)) == Store::none && TREE_CODE(t) != ADDR_EXPR)
    return NULL_TREE;
  return assigned_variable(TREE_OPERAND(t, 0));
}

tree find_uses(tree *node, int *walk_subtrees, void *data) {
  auto *uses = static_cast<GlobalUses *>(data);
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (is_omp_construct(t))
    note_clauses(OMP_CLAUSES(t), uses);
  if (tree var = changed_variable(t))
    uses->kept.insert(var);
  switch (TREE_CODE(t)) {
  case VAR_DECL:
    if (is_candidate(t) &&
        std::find(uses->read.begin(), uses->read.end(), t) == uses->read.end())
      uses->read.push_back(t);
    break;
  default:
    break;
  }
  return NULL_TREE;
}

// Each use of a global in the walk's trees replaced; a shared subtree
// (a saved value) is walked once, a variable at every use.
struct Replacement {
  std::map<tree, tree> locals;
  std::set<tree> walked;
};

tree replace(tree *node, int *walk_subtrees, void *data) {
  auto *replacement = static_cast<Replacement *>(data);
  tree t = *node;
  if (TYPE_P(t) || (!DECL_P(t) && !replacement->walked.insert(t).second)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  auto found = replacement->locals.find(t);
  if (found != replacement->locals.end())
    *node = found->second;
  return NULL_TREE;
}

// ------------------------------------------------------------- members

// What the region does with the function's own structs: the members it
// reads through them (in order of first use), and the structs it uses in
// any other way (whole, written, address taken, through a member that is
// no number or pointer), which keep their members as they are.
struct MemberUses {
  tree fndecl;
  std::vector<std::pair<tree, tree>> read; // (struct, field)
  std::set<tree> kept;
};

// A struct variable of the function itself, held by value.
bool is_own_struct(tree t, tree fndecl) {
  return (TREE_CODE(t) == PARM_DECL ||
          (VAR_P(t) && !TREE_STATIC(t) && !DECL_EXTERNAL(t) &&
           !DECL_HAS_VALUE_EXPR_P(t))) &&
         DECL_CONTEXT(t) == fndecl && TREE_CODE(TREE_TYPE(t)) == RECORD_TYPE &&
         !TREE_THIS_VOLATILE(t);
}

// A member that is a value of its own: a number or a pointer to data.
bool is_value_member(tree field) {
  if (TREE_CODE(field) != FIELD_DECL || DECL_BIT_FIELD(field) ||
      TREE_THIS_VOLATILE(field))
    return false;
  tree type = TREE_TYPE(field);
  return INTEGRAL_TYPE_P(type) || SCALAR_FLOAT_TYPE_P(type) ||
         (POINTER_TYPE_P(type) && !TYPE_REF_P(type) &&
          !FUNC_OR_METHOD_TYPE_P(TREE_TYPE(type)));
}

tree find_member_uses(tree *node, int *walk_subtrees, void *data) {
  auto *uses = static_cast<MemberUses *>(data);
  tree t = *node;
  if (TYPE_P(t)) {
    *walk_subtrees = 0;
    return NULL_TREE;
  }
  if (tree var = changed_variable(t))
    uses->kept.insert(var);
  switch (TREE_CODE(t)) {
  case COMPONENT_REF: {
    tree base = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
    if (!is_own_struct(base, uses->fndecl))
      break;
    const auto use = std::make_pair(base, TREE_OPERAND(t, 1));
    if (!is_value_member(use.second))
      uses->kept.insert(base);
    else if (std::find(uses->read.begin(), uses->read.end(), use) ==
             uses->read.end())
      uses->read.push_back(use);
    *walk_subtrees = 0; // the struct itself is used through this member
    break;
  }
  default:
    if (is_own_struct(t, uses->fndecl))
      uses->kept.insert(t);
    break;
  }
  return NULL_TREE;
}

struct MemberReplacement {
  std::map<std::pair<tree, tree>, tree> locals;
  std::set<tree> walked;
};

// Each use of a member replaced, at every use (a member's reference may
// be shared); any other shared subtree is walked once.
tree replace_member(tree *node, int *walk_subtrees, void *data) {
  auto *replacement = static_cast<MemberReplacement *>(data);
  tree t = *node;
  if (TREE_CODE(t) == COMPONENT_REF) {
    auto found = replacement->locals.find(
        std::make_pair(tree_strip_any_location_wrapper(TREE_OPERAND(t, 0)),
                       TREE_OPERAND(t, 1)));
    if (found != replacement->locals.end()) {
      *node = found->second;
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  }
  if (TYPE_P(t) || (!DECL_P(t) && !replacement->walked.insert(t).second))
    *walk_subtrees = 0;
  return NULL_TREE;
}

// The statements STATEMENTS, then the construct TARGET, in a scope with
// VARS in *TARGET_SLOT; the construct's new slot.
tree *precede(tree *target_slot, tree statements, tree vars) {
  append_to_statement_list_force(*target_slot, &statements);
  *target_slot = statement_block(statements, vars);
  return tsi_stmt_ptr(tsi_last(statements));
}

// ----------------------------------------------------- written numbers

// The variables the clauses of the constructs inside the target name,
// and those of the target's own clauses but its maps, firstprivate
// included.
std::set<tree> named_by_other_clauses(tree target) {
  struct Named {
    std::set<tree> vars;
    void clauses(tree list, bool skip_maps) {
      for (tree c = list; c; c = OMP_CLAUSE_CHAIN(c)) {
        if (skip_maps && OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP)
          continue;
        for (int i = 0; i < omp_clause_num_ops[OMP_CLAUSE_CODE(c)]; ++i)
          cp_walk_tree_without_duplicates(&OMP_CLAUSE_OPERAND(c, i), variable,
                                          this);
      }
    }
    static tree variable(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      else if (VAR_P(*node))
        static_cast<Named *>(data)->vars.insert(*node);
      return NULL_TREE;
    }
    static tree construct(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      else if (is_omp_construct(*node))
        static_cast<Named *>(data)->clauses(OMP_CLAUSES(*node), false);
      return NULL_TREE;
    }
  } named;
  named.clauses(OMP_TARGET_CLAUSES(target), /*skip_maps=*/true);
  cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target), Named::construct,
                                  &named);
  return named.vars;
}

// The variable of the region's one loop construct that counts one loop:
// NULL_TREE where there are several, or a collapsed one.
tree only_loop_variable(tree body) {
  struct Search {
    std::vector<tree> vars;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
      } else if ((TREE_CODE(t) == OMP_FOR || TREE_CODE(t) == OMP_SIMD ||
                  TREE_CODE(t) == OMP_DISTRIBUTE || TREE_CODE(t) == OMP_LOOP) &&
                 OMP_FOR_INIT(t)) {
        tree init = TREE_VEC_LENGTH(OMP_FOR_INIT(t)) == 1
                        ? TREE_VEC_ELT(OMP_FOR_INIT(t), 0)
                        : NULL_TREE;
        search->vars.push_back(init && TREE_CODE(init) == MODIFY_EXPR
                                   ? TREE_OPERAND(init, 0)
                                   : NULL_TREE);
      }
      return NULL_TREE;
    }
  } search;
  cp_walk_tree_without_duplicates(&body, Search::visit, &search);
  return search.vars.size() == 1 ? search.vars.front() : NULL_TREE;
}

// Whether CONDITION holds for one value of LOOP_VAR at most: `i == 0`.
bool pins_loop_variable(tree condition, tree loop_var) {
  condition = strip_value_wrappers(condition);
  if (TREE_CODE(condition) == TRUTH_ANDIF_EXPR ||
      TREE_CODE(condition) == TRUTH_AND_EXPR)
    return pins_loop_variable(TREE_OPERAND(condition, 0), loop_var) ||
           pins_loop_variable(TREE_OPERAND(condition, 1), loop_var);
  if (TREE_CODE(condition) != EQ_EXPR)
    return false;
  for (int side = 0; side < 2; ++side)
    if (strip_value_wrappers(TREE_OPERAND(condition, side)) == loop_var &&
        TREE_CODE(strip_value_wrappers(TREE_OPERAND(condition, 1 - side))) ==
            INTEGER_CST)
      return true;
  return false;
}

// Whether every assignment of VAR in BODY lies in the arm of an `if` that
// pins LOOP_VAR: one iteration at most makes it.  Other stores of a
// number the checker judges as it judges any shared variable's.
bool assigned_by_one_iteration(tree body, tree var, tree loop_var) {
  struct Search {
    tree var, loop_var;
    int pinned = 0;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Search *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) == IF_STMT) {
        *walk_subtrees = 0;
        const int pins = pins_loop_variable(IF_COND(t), search->loop_var);
        if (tree found = cp_walk_tree(&IF_COND(t), visit, data, nullptr))
          return found;
        search->pinned += pins;
        tree found = cp_walk_tree(&THEN_CLAUSE(t), visit, data, nullptr);
        search->pinned -= pins;
        return found ? found
                     : cp_walk_tree(&ELSE_CLAUSE(t), visit, data, nullptr);
      }
      return changed_variable(t) == search->var && !search->pinned
                 ? t
                 : NULL_TREE;
    }
  } search{var, loop_var};
  return !cp_walk_tree(&body, Search::visit, &search, nullptr);
}

// The function's own numbers that the target construct maps `tofrom`
// whole and the region assigns, named by no other clause of the region.
std::vector<tree> written_mapped_numbers(tree fndecl, tree target,
                                         const DataSections &present) {
  std::vector<tree> mapped;
  for (tree c = OMP_TARGET_CLAUSES(target); c; c = OMP_CLAUSE_CHAIN(c)) {
    tree var = OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP ? OMP_CLAUSE_DECL(c)
                                                     : NULL_TREE;
    if (var && VAR_P(var) && DECL_CONTEXT(var) == fndecl &&
        !TREE_STATIC(var) && !DECL_EXTERNAL(var) &&
        !DECL_HAS_VALUE_EXPR_P(var) && !TREE_THIS_VOLATILE(var) &&
        (INTEGRAL_TYPE_P(TREE_TYPE(var)) ||
         SCALAR_FLOAT_TYPE_P(TREE_TYPE(var))) &&
        OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_TOFROM && !present.count(var))
      mapped.push_back(var);
  }
  if (mapped.empty())
    return mapped;
  // Named by a clause of a construct inside (a reduction), or by any
  // clause of the target but its map: OpenMP gives it another meaning.
  const std::set<tree> named = named_by_other_clauses(target);
  tree loop_var = only_loop_variable(OMP_TARGET_BODY(target));
  if (!loop_var)
    return {};
  std::set<tree> assigned;
  collect_assigned(&OMP_TARGET_BODY(target), &assigned);
  std::vector<tree> written;
  for (tree var : mapped)
    if (assigned.count(var) && !named.count(var) &&
        std::count(mapped.begin(), mapped.end(), var) == 1 &&
        assigned_by_one_iteration(OMP_TARGET_BODY(target), var, loop_var))
      written.push_back(var);
  return written;
}

// ------------------------------------------------------------- arrays

// The function's own arrays of numbers, of a size known at compile time,
// that the construct maps whole (`map(to: a)`) or a section of
// (`map(to: a[0:N])`, `map(from: a[part * n:n])`), named by no other
// clause of the region, and that no data region of the function maps.
struct MappedArray {
  tree array;
  tree clause;          // the map of the array or of its section
  tree pointer_clause;  // the section's firstprivate pointer, or NULL_TREE
};

// An array of numbers of the function, of a size known at compile time.
bool is_own_array(tree t, tree fndecl) {
  tree type = TREE_TYPE(t);
  return VAR_P(t) && DECL_CONTEXT(t) == fndecl && !TREE_STATIC(t) &&
         !DECL_EXTERNAL(t) && !DECL_HAS_VALUE_EXPR_P(t) &&
         !TREE_THIS_VOLATILE(t) && TREE_CODE(type) == ARRAY_TYPE &&
         (INTEGRAL_TYPE_P(TREE_TYPE(type)) ||
          SCALAR_FLOAT_TYPE_P(TREE_TYPE(type))) &&
         TYPE_SIZE_UNIT(type) &&
         TREE_CODE(TYPE_SIZE_UNIT(type)) == INTEGER_CST &&
         !integer_zerop(TYPE_SIZE_UNIT(type));
}

std::vector<MappedArray> mapped_arrays(tree fndecl, tree target,
                                       const DataSections &present) {
  std::vector<MappedArray> arrays;
  std::map<tree, int> maps;
  tree consumed = NULL_TREE; // the pointer clause of the last section
  for (tree c = OMP_TARGET_CLAUSES(target); c; c = OMP_CLAUSE_CHAIN(c)) {
    if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP || c == consumed)
      continue;
    tree decl = OMP_CLAUSE_DECL(c);
    tree next = OMP_CLAUSE_CHAIN(c);
    tree pointer_clause = NULL_TREE;
    if (TREE_CODE(decl) == ARRAY_REF && next &&
        OMP_CLAUSE_CODE(next) == OMP_CLAUSE_MAP &&
        OMP_CLAUSE_MAP_KIND(next) == GOMP_MAP_FIRSTPRIVATE_POINTER &&
        OMP_CLAUSE_DECL(next) ==
            tree_strip_any_location_wrapper(TREE_OPERAND(decl, 0))) {
      pointer_clause = consumed = next;
      decl = OMP_CLAUSE_DECL(next);
    }
    if (!VAR_P(decl))
      continue;
    ++maps[decl];
    switch (OMP_CLAUSE_MAP_KIND(c)) {
    case GOMP_MAP_TO:
    case GOMP_MAP_FROM:
    case GOMP_MAP_TOFROM:
    case GOMP_MAP_ALLOC:
      break;
    default:
      continue;
    }
    if (is_own_array(decl, fndecl) && !present.count(decl))
      arrays.push_back(MappedArray{decl, c, pointer_clause});
  }
  // An array the region names without a clause is mapped `tofrom`
  // (OpenMP 4.5, 2.15.5), unless a defaultmap clause says otherwise: the
  // same map, written out.
  bool defaultmap = false;
  for (tree c = OMP_TARGET_CLAUSES(target); c; c = OMP_CLAUSE_CHAIN(c))
    defaultmap |= OMP_CLAUSE_CODE(c) == OMP_CLAUSE_DEFAULTMAP;
  struct Unmapped {
    tree fndecl;
    std::vector<tree> used; // in order of first use
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *search = static_cast<Unmapped *>(data);
      tree t = *node;
      if (TYPE_P(t))
        *walk_subtrees = 0;
      else if (is_own_array(t, search->fndecl) &&
               std::find(search->used.begin(), search->used.end(), t) ==
                   search->used.end())
        search->used.push_back(t);
      return NULL_TREE;
    }
  } unmapped{fndecl, {}};
  if (!defaultmap)
    cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target), Unmapped::visit,
                                    &unmapped);
  std::set<tree> declared;
  collect_declared(OMP_TARGET_BODY(target), &declared);
  // Named by a clause of a construct inside (private(a)), or by the
  // target's own other clauses (firstprivate(a)): kept as written.
  const std::set<tree> named = named_by_other_clauses(target);
  for (tree array : unmapped.used) {
    // Each iteration's own, or named by a clause.
    if (declared.count(array) || named.count(array) || maps.count(array))
      continue;
    tree c = build_omp_clause(EXPR_LOCATION(target), OMP_CLAUSE_MAP);
    OMP_CLAUSE_SET_MAP_KIND(c, GOMP_MAP_TOFROM);
    OMP_CLAUSE_DECL(c) = array;
    OMP_CLAUSE_SIZE(c) = TYPE_SIZE_UNIT(TREE_TYPE(array));
    OMP_CLAUSE_CHAIN(c) = OMP_TARGET_CLAUSES(target);
    OMP_TARGET_CLAUSES(target) = c;
    ++maps[array];
    arrays.push_back(MappedArray{array, c, NULL_TREE});
  }
  // Those named by another clause, or mapped twice, stay as written.
  arrays.erase(std::remove_if(arrays.begin(), arrays.end(),
                              [&](const MappedArray &mapped) {
                                return named.count(mapped.array) ||
                                       maps[mapped.array] != 1;
                              }),
               arrays.end());
  return arrays;
}

// A local pointer named as VAR, set to ADDRESS before the construct.
tree pointer_before(tree fndecl, tree target, tree var, tree type,
                    tree address, tree *vars, tree *statements) {
  tree pointer =
      build_decl(EXPR_LOCATION(target), VAR_DECL, DECL_NAME(var), type);
  DECL_ARTIFICIAL(pointer) = 1;
  DECL_CONTEXT(pointer) = fndecl;
  TREE_USED(pointer) = 1;
  DECL_CHAIN(pointer) = *vars;
  *vars = pointer;
  TREE_ADDRESSABLE(var) = 1;
  append_to_statement_list_force(assign(pointer, address), statements);
  return pointer;
}

// The map clause C of a whole number or array becomes the front end's map
// of a pointer's section of the same bytes: the section, then the pointer.
void map_as_section(tree c, tree pointer, tree bytes) {
  OMP_CLAUSE_DECL(c) =
      build1(INDIRECT_REF, TREE_TYPE(TREE_TYPE(pointer)), pointer);
  OMP_CLAUSE_SIZE(c) = bytes;
  tree attach = build_omp_clause(OMP_CLAUSE_LOCATION(c), OMP_CLAUSE_MAP);
  OMP_CLAUSE_SET_MAP_KIND(attach, GOMP_MAP_FIRSTPRIVATE_POINTER);
  OMP_CLAUSE_DECL(attach) = pointer;
  OMP_CLAUSE_SIZE(attach) = size_zero_node;
  OMP_CLAUSE_CHAIN(attach) = OMP_CLAUSE_CHAIN(c);
  OMP_CLAUSE_CHAIN(c) = attach;
}

} // namespace

tree *map_arrays_as_sections(tree fndecl, tree *target_slot,
                             const DataSections &present) {
  tree target = *target_slot;
  const std::vector<MappedArray> arrays =
      mapped_arrays(fndecl, target, present);
  if (arrays.empty())
    return target_slot;
  // Array -> its pointer.
  std::map<tree, tree> pointers;
  tree vars = NULL_TREE, statements = alloc_stmt_list();
  for (const MappedArray &mapped : arrays) {
    tree array = mapped.array;
    tree element = TREE_TYPE(TREE_TYPE(array));
    tree pointer_type = build_pointer_type(element);
    tree address = build1(
        NOP_EXPR, pointer_type,
        build1(ADDR_EXPR, build_pointer_type(TREE_TYPE(array)), array));
    tree pointer = pointer_before(fndecl, target, array, pointer_type, address,
                                  &vars, &statements);
    pointers[array] = pointer;
    if (mapped.pointer_clause) {
      // a[k:N]: the section's bytes stay; the pointer is the array's, and
      // the section starts k elements past it, as the front end writes a
      // pointer's section (`*(p + k * 4)`, the pointer's bias `k * 4`).
      tree start = fold_build2(
          MULT_EXPR, sizetype,
          fold_convert(sizetype, TREE_OPERAND(OMP_CLAUSE_DECL(mapped.clause), 1)),
          TYPE_SIZE_UNIT(element));
      OMP_CLAUSE_DECL(mapped.clause) = build1(
          INDIRECT_REF, element,
          integer_zerop(start)
              ? pointer
              : build2(POINTER_PLUS_EXPR, pointer_type, pointer, start));
      OMP_CLAUSE_DECL(mapped.pointer_clause) = pointer;
      OMP_CLAUSE_SIZE(mapped.pointer_clause) = start;
    } else {
      map_as_section(mapped.clause, pointer, TYPE_SIZE_UNIT(TREE_TYPE(array)));
    }
  }
  // a[i] becomes *(p + i), as the front end writes p[i]; any other use of
  // the array, *(T (*)[N]) p.
  struct Through {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      const auto &pointers = *static_cast<std::map<tree, tree> *>(data);
      tree t = *node;
      if (TYPE_P(t)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      if (TREE_CODE(t) == ARRAY_REF) {
        auto found =
            pointers.find(tree_strip_any_location_wrapper(TREE_OPERAND(t, 0)));
        if (found != pointers.end()) {
          tree pointer = found->second;
          tree element = TREE_TYPE(TREE_TYPE(pointer));
          tree offset = fold_build2(
              MULT_EXPR, sizetype, fold_convert(sizetype, TREE_OPERAND(t, 1)),
              TYPE_SIZE_UNIT(element));
          *node = build1(INDIRECT_REF, element,
                         build2(POINTER_PLUS_EXPR, TREE_TYPE(pointer), pointer,
                                offset));
          // The subscript may name another array.
          cp_walk_tree(&TREE_OPERAND(TREE_OPERAND(*node, 0), 1), visit, data,
                       nullptr);
          *walk_subtrees = 0;
          return NULL_TREE;
        }
      }
      auto found = pointers.find(t);
      if (found != pointers.end())
        *node = build1(INDIRECT_REF, TREE_TYPE(t),
                       build1(NOP_EXPR, build_pointer_type(TREE_TYPE(t)),
                              found->second));
      return NULL_TREE;
    }
  };
  cp_walk_tree(&OMP_TARGET_BODY(target), Through::visit, &pointers, nullptr);
  return precede(target_slot, statements, vars);
}

tree *map_written_numbers_as_sections(tree fndecl, tree *target_slot,
                                      const DataSections &present) {
  tree target = *target_slot;
  const std::vector<tree> written =
      written_mapped_numbers(fndecl, target, present);
  if (written.empty())
    return target_slot;
  std::map<tree, tree> dereferences;
  tree vars = NULL_TREE, statements = alloc_stmt_list();
  for (tree var : written) {
    // Named as the number, for the diagnostics and explanations.
    tree pointer_type = build_pointer_type(TREE_TYPE(var));
    tree pointer =
        pointer_before(fndecl, target, var, pointer_type,
                       build1(ADDR_EXPR, pointer_type, var), &vars, &statements);
    dereferences[var] = pointer;
    // map(tofrom: n) becomes map(tofrom: n[0:1]) of the pointer.
    for (tree c = OMP_TARGET_CLAUSES(target); c; c = OMP_CLAUSE_CHAIN(c))
      if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP && OMP_CLAUSE_DECL(c) == var) {
        map_as_section(c, pointer, TYPE_SIZE_UNIT(TREE_TYPE(var)));
        break;
      }
  }
  struct Dereference {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
        return NULL_TREE;
      }
      const auto &dereferences = *static_cast<std::map<tree, tree> *>(data);
      auto found = dereferences.find(*node);
      if (found != dereferences.end())
        *node = build1(INDIRECT_REF, TREE_TYPE(*node), found->second);
      return NULL_TREE;
    }
  };
  cp_walk_tree(&OMP_TARGET_BODY(target), Dereference::visit, &dereferences,
               nullptr);
  return precede(target_slot, statements, vars);
}

tree *copy_region_members(tree fndecl, tree *target_slot,
                          const DataSections &present) {
  tree target = *target_slot;
  MemberUses uses{fndecl, {}, {}};
  cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target), find_member_uses,
                                  &uses);
  // A clause that names a struct whole (firstprivate(s), map(tofrom: s))
  // uses it whole, as the body may.
  cp_walk_tree_without_duplicates(&OMP_TARGET_CLAUSES(target),
                                  find_member_uses, &uses);
  MemberReplacement replacement;
  std::set<tree> pointers;
  tree vars = NULL_TREE, statements = alloc_stmt_list();
  for (const auto &use : uses.read) {
    // One a data region has mapped has a device copy of its own, which
    // the region reads and a local would not.
    if (uses.kept.count(use.first) || present.count(use.first))
      continue;
    // Named as the member, for the diagnostics and explanations.
    const std::string name = IDENTIFIER_POINTER(DECL_NAME(use.first)) +
                             std::string(".") +
                             IDENTIFIER_POINTER(DECL_NAME(use.second));
    tree local = build_decl(EXPR_LOCATION(target), VAR_DECL,
                            get_identifier(name.c_str()),
                            TYPE_MAIN_VARIANT(TREE_TYPE(use.second)));
    DECL_ARTIFICIAL(local) = 1;
    DECL_CONTEXT(local) = fndecl;
    TREE_USED(local) = 1;
    DECL_CHAIN(local) = vars;
    vars = local;
    replacement.locals[use] = local;
    if (POINTER_TYPE_P(TREE_TYPE(local)))
      pointers.insert(local);
    append_to_statement_list_force(
        assign(local, build3(COMPONENT_REF, TREE_TYPE(use.second), use.first,
                             use.second, NULL_TREE)),
        &statements);
  }
  if (replacement.locals.empty())
    return target_slot;
  cp_walk_tree(&OMP_TARGET_BODY(target), replace_member, &replacement,
               nullptr);
  cp_walk_tree(&OMP_TARGET_CLAUSES(target), replace_member, &replacement,
               nullptr);
  // A member pointer's section is attached to the struct's device copy;
  // a local pointer's is the pointer's value, as the front end maps
  // `x[0:n]` of a pointer variable.
  for (tree c = OMP_TARGET_CLAUSES(target); c; c = OMP_CLAUSE_CHAIN(c))
    if (OMP_CLAUSE_CODE(c) == OMP_CLAUSE_MAP &&
        OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_ATTACH_DETACH &&
        pointers.count(OMP_CLAUSE_DECL(c)))
      OMP_CLAUSE_SET_MAP_KIND(c, GOMP_MAP_FIRSTPRIVATE_POINTER);
  return precede(target_slot, statements, vars);
}

void copy_changed_loop_variables(tree target, diagnostic_t kind, bool quiet) {
  struct Loops {
    std::vector<tree> found;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      else if ((TREE_CODE(*node) == OMP_FOR || TREE_CODE(*node) == OMP_SIMD ||
                TREE_CODE(*node) == OMP_DISTRIBUTE ||
                TREE_CODE(*node) == OMP_LOOP) &&
               OMP_FOR_INIT(*node))
        static_cast<Loops *>(data)->found.push_back(*node);
      return NULL_TREE;
    }
  } loops;
  cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target), Loops::visit,
                                  &loops);
  for (tree loop : loops.found) {
    std::set<tree> changed;
    collect_assigned(&OMP_FOR_BODY(loop), &changed);
    for (int i = 0; i < TREE_VEC_LENGTH(OMP_FOR_INIT(loop)); ++i) {
      tree var = TREE_OPERAND(TREE_VEC_ELT(OMP_FOR_INIT(loop), i), 0);
      if (!VAR_P(var) || !changed.count(var))
        continue;
      struct Change {
        tree var;
        location_t where = UNKNOWN_LOCATION;
        static tree visit(tree *node, int *walk_subtrees, void *data) {
          auto *change = static_cast<Change *>(data);
          if (TYPE_P(*node))
            *walk_subtrees = 0;
          else if (changed_variable(*node) == change->var)
            return change->where = EXPR_LOCATION(*node), *node;
          return NULL_TREE;
        }
      } change{var};
      cp_walk_tree_without_duplicates(&OMP_FOR_BODY(loop), Change::visit,
                                      &change);
      if (!quiet) {
        const location_t where = change.where != UNKNOWN_LOCATION
                                     ? change.where
                                     : EXPR_LOCATION(loop);
        auto_diagnostic_group group;
        emit_diagnostic(kind, where, 0,
                        "this loop changes its own variable %qD, which OpenMP "
                        "does not allow: the construct counts the iterations "
                        "apart from it, so each iteration changes a copy of "
                        "its own, as a GPU thread that runs one iteration "
                        "does",
                        var);
        inform(where,
               "compute the value in a variable of its own (%<int j = "
               "...;%>) and leave %qD to the loop",
               var);
      }
      tree copy = build_decl(DECL_SOURCE_LOCATION(var), VAR_DECL,
                             DECL_NAME(var), TREE_TYPE(var));
      DECL_CONTEXT(copy) = DECL_CONTEXT(var);
      TREE_USED(copy) = 1;
      DECL_READ_P(copy) = 1;
      Replacement replacement;
      replacement.locals[var] = copy;
      cp_walk_tree(&OMP_FOR_BODY(loop), replace, &replacement, nullptr);
      tree body = alloc_stmt_list();
      append_to_statement_list_force(assign(copy, var), &body);
      append_to_statement_list_force(OMP_FOR_BODY(loop), &body);
      OMP_FOR_BODY(loop) = statement_block(body, copy);
    }
  }
}

tree *copy_region_globals(tree fndecl, tree *target_slot) {
  tree target = *target_slot;
  GlobalUses uses;
  note_clauses(OMP_TARGET_CLAUSES(target), &uses);
  cp_walk_tree_without_duplicates(&OMP_TARGET_BODY(target), find_uses, &uses);
  if (uses.default_none)
    return target_slot;
  Replacement replacement;
  tree vars = NULL_TREE, statements = alloc_stmt_list();
  for (tree global : uses.read) {
    if (uses.kept.count(global))
      continue;
    // Named as the global, for the diagnostics and explanations.
    tree local = build_decl(EXPR_LOCATION(target), VAR_DECL,
                            DECL_NAME(global),
                            TYPE_MAIN_VARIANT(TREE_TYPE(global)));
    DECL_ARTIFICIAL(local) = 1;
    DECL_CONTEXT(local) = fndecl;
    TREE_USED(local) = 1;
    DECL_CHAIN(local) = vars;
    vars = local;
    replacement.locals[global] = local;
    append_to_statement_list_force(assign(local, global), &statements);
  }
  if (replacement.locals.empty())
    return target_slot;
  cp_walk_tree(&OMP_TARGET_BODY(target), replace, &replacement, nullptr);
  cp_walk_tree(&OMP_TARGET_CLAUSES(target), replace, &replacement, nullptr);
  return precede(target_slot, statements, vars);
}

} // namespace ferry
