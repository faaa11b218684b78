// SPDX-License-Identifier: GPL-3.0-or-later
// See region_reader.h.
#include "region_reader.h"

#include "region_inner_loops.h"
#include "tree_utils.h"

#include <algorithm>
#include <set>

namespace ferry {

tree base_variable(tree t) {
  while (t) {
    switch (TREE_CODE(t)) {
    case VAR_DECL:
    case PARM_DECL:
      return t;
    case INDIRECT_REF:
    case MEM_REF:
    case NON_LVALUE_EXPR:
    case NOP_EXPR:
    case CONVERT_EXPR:
    case VIEW_CONVERT_EXPR:
    case POINTER_PLUS_EXPR:
    case ADDR_EXPR:
    case ARRAY_REF:
    case SAVE_EXPR:
      t = TREE_OPERAND(t, 0);
      break;
    case COMPOUND_EXPR: // a section's start, its bounds evaluated first
      t = TREE_OPERAND(t, 1);
      break;
    default:
      return NULL_TREE;
    }
  }
  return NULL_TREE;
}

tree clause_variable(tree decl) {
  while (decl && TREE_CODE(decl) == TREE_LIST)
    decl = TREE_CHAIN(decl);
  return base_variable(decl);
}

namespace {

// Sets TREE_SIDE_EFFECTS of the arithmetic in T from its operands again:
// a saved value's flag stays on the nodes above it when it is taken out,
// and fold then keeps such an operand where it drops one (`x - x` is
// `(x, 0)`), which no size comparison reads.
void recompute_side_effects(tree t) {
  if (!t || !EXPR_P(t))
    return;
  bool effects = false;
  for (int i = 0; i < TREE_OPERAND_LENGTH(t); ++i)
    if (tree operand = TREE_OPERAND(t, i)) {
      recompute_side_effects(operand);
      effects = effects || TREE_SIDE_EFFECTS(operand);
    }
  switch (TREE_CODE_CLASS(TREE_CODE(t))) {
  case tcc_unary:
  case tcc_binary:
  case tcc_comparison:
    TREE_SIDE_EFFECTS(t) = effects || TREE_THIS_VOLATILE(t);
    break;
  default:
    break;
  }
}

} // namespace

tree without_saved_values(tree expression) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      else if (TREE_CODE(*node) == SAVE_EXPR)
        *node = unshare_expr(TREE_OPERAND(*node, 0));
      return NULL_TREE;
    }
  };
  expression = unshare_expr(expression);
  walk_tree(&expression, Search::visit, nullptr, nullptr);
  recompute_side_effects(expression);
  return expression;
}

bool holds_saved_value(tree expression) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      return TREE_CODE(*node) == SAVE_EXPR ? *node : NULL_TREE;
    }
  };
  return expression && walk_tree_without_duplicates(&expression, Search::visit,
                                                    nullptr);
}

namespace {

const char *construct_name(tree_code code) {
  switch (code) {
  case OMP_TEAMS:
    return "teams";
  case OMP_DISTRIBUTE:
    return "distribute";
  case OMP_PARALLEL:
    return "parallel";
  case OMP_FOR:
    return "for";
  case OMP_SIMD:
    return "simd";
  case OMP_LOOP:
    return "loop";
  default:
    return nullptr;
  }
}

// Constructs a checked loop may hold: an atomic construct (update, read,
// write or capture) is OpenMP's way to share an element, and the checker
// sees no race in it.  Any other construct inside the loop (a nested
// parallel loop, a critical section) changes what an iteration is.
bool is_nested_construct(tree_code code) {
  switch (code) {
  case OMP_PARALLEL:
  case OMP_TASK:
  case OMP_FOR:
  case OMP_SIMD:
  case OMP_DISTRIBUTE:
  case OMP_TASKLOOP:
  case OMP_LOOP:
  case OMP_TEAMS:
  case OMP_TARGET_DATA:
  case OMP_TARGET:
  case OMP_SECTIONS:
  case OMP_SECTION:
  case OMP_ORDERED:
  case OMP_CRITICAL:
  case OMP_SINGLE:
  case OMP_SCOPE:
  case OMP_TASKGROUP:
  case OMP_MASKED:
  case OMP_MASTER:
  case OMP_SCAN:
  case OMP_TARGET_UPDATE:
  case OMP_TARGET_ENTER_DATA:
  case OMP_TARGET_EXIT_DATA:
    return true;
  default:
    return false;
  }
}

// The bytes from the pointer to its section's start, as the front end
// writes a start known only at run time, `(long) (p + off * 4) - (long) p`
// after p's evaluation: `off * 4`, which the subscripts' terms can meet.
tree section_bias(tree bias) {
  tree difference = without_saved_values(bias);
  while (TREE_CODE(difference) == COMPOUND_EXPR)
    difference = TREE_OPERAND(difference, 1);
  if (TREE_CODE(difference) != MINUS_EXPR)
    return difference;
  tree end = strip_value_wrappers(TREE_OPERAND(difference, 0));
  tree start = strip_value_wrappers(TREE_OPERAND(difference, 1));
  if (TREE_CODE(end) == POINTER_PLUS_EXPR &&
      operand_equal_p(strip_value_wrappers(TREE_OPERAND(end, 0)), start, 0))
    return fold_convert(TREE_TYPE(bias), TREE_OPERAND(end, 1));
  return difference;
}

const char *map_clause_kind(int kind, Ownership *ownership) {
  switch (kind) {
  case GOMP_MAP_TO:
  case GOMP_MAP_ALWAYS_TO:
    *ownership = Ownership::borrow;
    return "to";
  case GOMP_MAP_FROM:
  case GOMP_MAP_ALWAYS_FROM:
    *ownership = Ownership::out;
    return "from";
  case GOMP_MAP_TOFROM:
  case GOMP_MAP_ALWAYS_TOFROM:
    *ownership = Ownership::borrow_mut;
    return "tofrom";
  case GOMP_MAP_ALLOC:
    *ownership = Ownership::scratch;
    return "alloc";
  default:
    return nullptr;
  }
}

// Whether a buffer of elements of TYPE can be followed: elements with a
// size, holding no addresses.
bool followable_elements(tree type) {
  return COMPLETE_TYPE_P(type) && TYPE_SIZE_UNIT(type) &&
         TREE_CODE(TYPE_SIZE_UNIT(type)) == INTEGER_CST &&
         !integer_zerop(TYPE_SIZE_UNIT(type)) && !holds_pointers(type);
}

} // namespace

bool read_loop_level(tree init, tree condition, tree increment,
                     location_t where, LoopLevel *level, std::string *why_not,
                     bool stepped) {
  tree var = init && TREE_CODE(init) == MODIFY_EXPR ? TREE_OPERAND(init, 0)
                                                    : NULL_TREE;
  if (!var || !VAR_P(var) || !INTEGRAL_TYPE_P(TREE_TYPE(var))) {
    *why_not = "its loop variable is not an integer";
    return false;
  }
  tree type = TREE_TYPE(var);
  level->var = var;
  level->lower = tree_strip_any_location_wrapper(TREE_OPERAND(init, 1));
  level->location = location_or(init, where);
  condition = tree_strip_any_location_wrapper(condition);
  tree_code code = condition ? TREE_CODE(condition) : ERROR_MARK;
  tree bound = NULL_TREE;
  // `var < bound` or `var > bound`, with var on either side.
  if (code == LT_EXPR || code == LE_EXPR || code == GT_EXPR ||
      code == GE_EXPR) {
    if (condition_variable(TREE_OPERAND(condition, 0)) == var) {
      bound = TREE_OPERAND(condition, 1);
    } else if (condition_variable(TREE_OPERAND(condition, 1)) == var) {
      bound = TREE_OPERAND(condition, 0);
      code = swap_tree_comparison(code);
    }
  }
  // A bound of a non-rectangular collapsed nest is a TREE_VEC of the
  // outer variable, its factor and an addend (OpenMP 5.0).
  if (TREE_CODE(level->lower) == TREE_VEC ||
      (bound && TREE_CODE(bound) == TREE_VEC)) {
    *why_not = "its collapsed loops are not rectangular";
    return false;
  }
  const bool up = code == LT_EXPR || code == LE_EXPR;
  const HOST_WIDE_INT step = constant_step(increment, var);
  if (!bound || mentions(bound, var) ||
      (step != (up ? 1 : -1) && !(stepped && up && step > 1))) {
    *why_not = stepped ? "its loop does not count up by a constant or down "
                         "by one, to a bound"
                       : "its loop does not count by one, up or down, to a "
                         "bound";
    return false;
  }
  if (step > 1)
    level->step = build_int_cst(type, step);
  bound = fold_convert(type, tree_strip_any_location_wrapper(bound));
  tree one = build_one_cst(type);
  if (!up) {
    // The same iterations as counting up from the last to the first:
    // a parallel loop's order is no part of its meaning.
    tree first = level->lower;
    level->lower = code == GT_EXPR
                       ? fold_build2(PLUS_EXPR, type, bound, one)
                       : bound;
    level->bound = fold_build2(PLUS_EXPR, type,
                               fold_convert(type, first), one);
    return true;
  }
  if (code == LE_EXPR)
    bound = fold_build2(PLUS_EXPR, type, bound, one);
  level->bound = bound;
  return true;
}

namespace {

class RegionReader {
public:
  RegionReader(tree fndecl, tree target, OpenmpRegion *region)
      : fndecl_(fndecl), target_(target), region_(*region) {}

  // Reads the region into KERNEL; false, with the reason in WHY_NOT, for a
  // shape the checker does not follow.
  bool read(const DataSections &present, Kernel *kernel,
            std::string *why_not) {
    tree loop = find_loop(why_not);
    if (!loop || !read_levels(loop, why_not))
      return false;
    read_inner_loops_in_order(&OMP_FOR_BODY(loop), &region_.inner_loops);
    loop_.body = OMP_FOR_BODY(loop);
    loop_.location = location_or(loop, region_.location);
    if (!region_.threads_share && !fold_nested_parallel_loop(why_not))
      return false;
    if (tree nested = nested_construct(loop_.body)) {
      // omp_parallel -> "omp parallel", omp_atomic_capture_old -> ...
      std::string name = get_tree_code_name(TREE_CODE(nested));
      std::replace(name.begin(), name.end(), '_', ' ');
      *why_not = "its loop holds a nested '#pragma " + name + "'";
      return false;
    }
    kernel->fndecl = fndecl_;
    kernel->location = region_.location;
    kernel->region = &region_;
    read_maps(present, kernel);
    add_unmapped_pointers(present, kernel);
    kernel->loops.push_back(loop_);
    return true;
  }


private:
  // The loop construct that holds the loop, through the combined and nested
  // constructs around it; their clauses give the iterations' own
  // variables.
  tree find_loop(std::string *why_not) {
    // firstprivate on a combined construct applies to each of its parts.
    privatize(OMP_TARGET_CLAUSES(target_));
    tree statement = only_statement(OMP_TARGET_BODY(target_));
    for (;;) {
      const tree_code code = statement ? TREE_CODE(statement) : ERROR_MARK;
      const char *name = construct_name(code);
      if (!name) {
        *why_not = "its body is not one loop construct";
        return NULL_TREE;
      }
      region_.directive += std::string(" ") + name;
      region_.threads_share |= code == OMP_PARALLEL || code == OMP_LOOP;
      if (code == OMP_TEAMS) {
        privatize(OMP_TEAMS_CLAUSES(statement));
        statement = only_statement(OMP_TEAMS_BODY(statement));
      } else if (code == OMP_PARALLEL) {
        privatize(OMP_PARALLEL_CLAUSES(statement));
        statement = only_statement(OMP_PARALLEL_BODY(statement));
      } else {
        privatize(OMP_FOR_CLAUSES(statement));
        // The outer part of a combined construct has no loop of its own.
        if (OMP_FOR_INIT(statement))
          return statement;
        statement = only_statement(OMP_FOR_BODY(statement));
      }
    }
  }

  void privatize(tree clauses) {
    region_.clause_lists.push_back(clauses);
    for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
      switch (OMP_CLAUSE_CODE(c)) {
      case OMP_CLAUSE_PRIVATE:
      case OMP_CLAUSE_FIRSTPRIVATE:
      case OMP_CLAUSE_LASTPRIVATE:
      case OMP_CLAUSE_LINEAR:
      case OMP_CLAUSE_REDUCTION:
        // An array section (`reduction(+: beta[:3])`) makes its elements
        // each thread's own: the pointer is not followed as a buffer.
        if (tree var = clause_variable(OMP_CLAUSE_DECL(c)))
          region_.privatized.insert(var);
        break;
      default:
        break;
      }
  }

  bool read_levels(tree loop, std::string *why_not) {
    tree init = OMP_FOR_INIT(loop);
    for (int i = 0; i < TREE_VEC_LENGTH(init); ++i) {
      LoopLevel level;
      if (!read_level(TREE_VEC_ELT(init, i), TREE_VEC_ELT(OMP_FOR_COND(loop), i),
                      TREE_VEC_ELT(OMP_FOR_INCR(loop), i), &level, why_not))
        return false;
      for (const LoopLevel &outer : loop_.levels)
        if (mentions(level.lower, outer.var) ||
            mentions(level.bound, outer.var)) {
          *why_not = "its collapsed loops are not rectangular";
          return false;
        }
      loop_.levels.push_back(level);
    }
    return true;
  }

  bool read_level(tree init, tree condition, tree increment, LoopLevel *level,
                  std::string *why_not) {
    return read_loop_level(init, condition, increment, region_.location, level,
                           why_not);
  }

  // `teams distribute` over the outer loops, and a `parallel for` over
  // the inner one in its body, after locals that the outer variables give
  // (`int index = batch * width * height + x * width;`): as a collapsed
  // nest of all the loops, each iteration computing the locals again,
  // which OpenMP's meaning allows (the iterations of both levels are
  // independent once the check shows them so).  The model's body is a new
  // scope over the same locals and the inner loop's body; the region
  // itself is not changed.  True when the body has no such loop; false,
  // with WHY_NOT, when it has one ferry does not fold.
  bool fold_nested_parallel_loop(std::string *why_not) {
    tree scope = NULL_TREE;
    tree statement = loop_.body;
    std::vector<tree> locals;
    while (statement) {
      if (TREE_CODE(statement) == BIND_EXPR) {
        if (BIND_EXPR_VARS(statement)) {
          if (scope)
            return true;
          scope = statement;
        }
        statement = BIND_EXPR_BODY(statement);
        continue;
      }
      if (TREE_CODE(statement) != STATEMENT_LIST)
        break;
      tree last = NULL_TREE;
      for (tree_stmt_iterator i = tsi_start(statement); !tsi_end_p(i);
           tsi_next(&i)) {
        tree t = tsi_stmt(i);
        if (TREE_CODE(t) == DEBUG_BEGIN_STMT)
          continue;
        if (last)
          locals.push_back(last);
        last = t;
      }
      statement = last;
      if (!statement || TREE_CODE(statement) == STATEMENT_LIST)
        return true;
    }
    if (!statement || TREE_CODE(statement) != OMP_PARALLEL)
      return true;
    // The locals before the loop: declarations of the scope's variables
    // whose values have no side effects.
    for (tree local : locals) {
      tree var = TREE_CODE(local) == DECL_EXPR ? DECL_EXPR_DECL(local)
                                               : NULL_TREE;
      if (!var || !VAR_P(var) || !scope || !chain_member(var, BIND_EXPR_VARS(scope)) ||
          (DECL_INITIAL(var) && TREE_SIDE_EFFECTS(DECL_INITIAL(var)))) {
        *why_not = "its loop holds statements before a nested "
                   "'#pragma omp parallel'";
        return false;
      }
    }
    tree inner = inner_loop(statement);
    if (!inner) {
      *why_not = "its loop holds a nested '#pragma omp parallel' that is "
                 "not one 'for' loop with clauses ferry takes";
      return false;
    }
    const std::size_t outer_levels = loop_.levels.size();
    if (!read_levels(inner, why_not))
      return false;
    // A nested loop's variable that the team's scope declares would be
    // declared again by the new scope, apart from the level it counts.
    for (std::size_t l = outer_levels; l < loop_.levels.size(); ++l)
      if (scope && chain_member(loop_.levels[l].var, BIND_EXPR_VARS(scope))) {
        *why_not = "its nested loop's variable '" +
                   name_of(loop_.levels[l].var) +
                   "' is declared before the '#pragma omp parallel'";
        return false;
      }
    for (std::size_t l = outer_levels; l < loop_.levels.size(); ++l)
      for (tree local : locals)
        if (mentions(loop_.levels[l].lower, DECL_EXPR_DECL(local)) ||
            mentions(loop_.levels[l].bound, DECL_EXPR_DECL(local))) {
          *why_not = "its nested loop's bounds use a local of the outer loop";
          return false;
        }
    tree statements = alloc_stmt_list();
    for (tree local : locals)
      append_to_statement_list_force(local, &statements);
    append_to_statement_list_force(OMP_FOR_BODY(inner), &statements);
    // The variables and block of the outer scope, shared with the region:
    // the new scope neither owns nor changes them (a copy remaps both;
    // C++'s target walk reads every scope's block).
    loop_.body = build3(BIND_EXPR, void_type_node,
                        scope ? BIND_EXPR_VARS(scope) : NULL_TREE, statements,
                        scope && BIND_EXPR_BLOCK(scope) ? BIND_EXPR_BLOCK(scope)
                                                        : make_node(BLOCK));
    TREE_SIDE_EFFECTS(loop_.body) = 1;
    // The inner loop's threads share what the outer iteration has.
    region_.threads_share = true;
    region_.directive += " (with a nested parallel for)";
    return true;
  }

  // The loop of a `parallel for [simd]`, through its scopes, when its
  // clauses (on any of its constructs) are ones whose meaning a collapsed
  // nest keeps: NULL_TREE otherwise.
  tree inner_loop(tree parallel) {
    std::vector<tree> constructs_clauses = {OMP_PARALLEL_CLAUSES(parallel)};
    tree statement = only_statement(OMP_PARALLEL_BODY(parallel));
    while (statement && (TREE_CODE(statement) == OMP_FOR ||
                         TREE_CODE(statement) == OMP_SIMD)) {
      constructs_clauses.push_back(OMP_FOR_CLAUSES(statement));
      tree init = OMP_FOR_INIT(statement);
      if (!init) {
        statement = only_statement(OMP_FOR_BODY(statement));
        continue;
      }
      // Its loop variables: one a level, collapse(n) giving n (su3_bench's
      // version 0, `parallel for collapse(3)` over a site's 4 x 3 x 3),
      // which its clauses may make private.
      std::set<tree> vars;
      for (int i = 0; i < TREE_VEC_LENGTH(init); ++i)
        if (TREE_CODE(TREE_VEC_ELT(init, i)) == MODIFY_EXPR)
          vars.insert(TREE_OPERAND(TREE_VEC_ELT(init, i), 0));
      if (static_cast<int>(vars.size()) != TREE_VEC_LENGTH(init))
        return NULL_TREE;
      for (tree clauses : constructs_clauses)
        if (!clauses_fold(clauses, vars))
          return NULL_TREE;
      return statement;
    }
    return NULL_TREE;
  }

  // Clauses of a nested `parallel for [simd]` that change how its
  // iterations are spread, not what they compute; private or linear only
  // of its own loop variables LOOP_VARS.
  static bool clauses_fold(tree clauses, const std::set<tree> &loop_vars) {
    for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN(c))
      switch (OMP_CLAUSE_CODE(c)) {
      case OMP_CLAUSE_NUM_THREADS:
      case OMP_CLAUSE_SHARED:
      case OMP_CLAUSE_DEFAULT:
      case OMP_CLAUSE_PROC_BIND:
      case OMP_CLAUSE_SCHEDULE:
      case OMP_CLAUSE_NOWAIT:
      case OMP_CLAUSE_SIMDLEN:
      case OMP_CLAUSE_SAFELEN:
      case OMP_CLAUSE_COLLAPSE:
        break;
      case OMP_CLAUSE_PRIVATE:
      case OMP_CLAUSE_LINEAR:
        if (!loop_vars.count(OMP_CLAUSE_DECL(c)))
          return false;
        break;
      default:
        return false;
      }
    return true;
  }

  static tree nested_construct(tree body) {
    return first_node_of(body, is_nested_construct);
  }

  void add_buffer(Kernel *kernel, tree decl, Ownership ownership,
                  const RegionMap &map) {
    BufferParam buffer;
    buffer.decl = decl;
    buffer.ownership = map.present ? Ownership::borrow_mut : ownership;
    buffer.index = kernel->buffers.size();
    tree element = TREE_TYPE(TREE_TYPE(decl));
    if (map.bytes) {
      // `const int n = 5000;` is its value, as in the loop's bounds.
      buffer.length = maybe_constant_value(
          section_length(map.bytes, TYPE_SIZE_UNIT(element)));
      buffer.length_text = expr_as_string(buffer.length, 0);
    }
    kernel->buffers.push_back(buffer);
    region_.maps.push_back(map);
  }

  // A pointer mapped with an array section: the section's map clause, then
  // the pointer's own (GCC's firstprivate pointer, whose size is the
  // section's offset from the pointer).  A reference mapped whole
  // (`map(to: plane)`) is the same: the object, then the reference.
  void read_maps(const DataSections &present, Kernel *kernel) {
    tree section = NULL_TREE;
    for (tree c = OMP_TARGET_CLAUSES(target_); c; c = OMP_CLAUSE_CHAIN(c)) {
      if (OMP_CLAUSE_CODE(c) != OMP_CLAUSE_MAP) {
        section = NULL_TREE;
        continue;
      }
      tree decl = OMP_CLAUSE_DECL(c);
      if (DECL_P(decl))
        region_.mapped.insert(decl);
      Ownership ownership = Ownership::borrow_mut;
      const bool pointer_map =
          OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_POINTER ||
          (OMP_CLAUSE_MAP_KIND(c) == GOMP_MAP_FIRSTPRIVATE_REFERENCE &&
           TYPE_REF_P(TREE_TYPE(decl)));
      if (section && pointer_map &&
          (VAR_P(decl) || TREE_CODE(decl) == PARM_DECL) &&
          POINTER_TYPE_P(TREE_TYPE(decl)) &&
          followable_elements(TREE_TYPE(TREE_TYPE(decl))) &&
          base_variable(OMP_CLAUSE_DECL(section)) == decl &&
          !kernel->buffer_for(decl) && !region_.privatized.count(decl)) {
        RegionMap map;
        map.kind = map_clause_kind(OMP_CLAUSE_MAP_KIND(section), &ownership);
        map.location = OMP_CLAUSE_LOCATION(section);
        map.saved_bounds = holds_saved_value(OMP_CLAUSE_SIZE(section)) ||
                           holds_saved_value(OMP_CLAUSE_SIZE(c));
        map.bytes = without_saved_values(OMP_CLAUSE_SIZE(section));
        map.bias = section_bias(OMP_CLAUSE_SIZE(c));
        map.present = present.count(decl) != 0;
        add_buffer(kernel, decl, ownership, map);
      }
      section = map_clause_kind(OMP_CLAUSE_MAP_KIND(c), &ownership) ? c
                                                                    : NULL_TREE;
    }
  }

  // Pointers of the function that the loop uses without a map clause
  // (is_device_ptr, or present already): buffers it may read and write,
  // whose races the checker still sees.
  void add_unmapped_pointers(const DataSections &present, Kernel *kernel) {
    struct Search {
      RegionReader *reader;
      const DataSections &present;
      Kernel *kernel;
      std::set<tree> declared;
      static tree visit(tree *node, int *walk_subtrees, void *data) {
        auto *search = static_cast<Search *>(data);
        tree t = *node;
        if (TYPE_P(t)) {
          *walk_subtrees = 0;
        } else if ((VAR_P(t) || TREE_CODE(t) == PARM_DECL) &&
                   DECL_CONTEXT(t) == search->reader->fndecl_ &&
                   !TREE_STATIC(t) && !DECL_EXTERNAL(t) &&
                   POINTER_TYPE_P(TREE_TYPE(t)) &&
                   followable_elements(TREE_TYPE(TREE_TYPE(t))) &&
                   !search->declared.count(t) &&
                   !search->reader->region_.privatized.count(t) &&
                   !search->kernel->buffer_for(t)) {
          RegionMap map;
          map.present = search->present.count(t) != 0;
          search->reader->add_buffer(search->kernel, t, Ownership::borrow_mut,
                                     map);
        }
        return NULL_TREE;
      }
    } search{this, present, kernel, {}};
    // The loop's own locals, a capture's temporary among them (an atomic
    // capture keeps its element's address in one), are no buffers.
    collect_declared(loop_.body, &search.declared);
    cp_walk_tree_without_duplicates(&loop_.body, Search::visit, &search);
  }

  tree fndecl_;
  tree target_;
  OpenmpRegion &region_; // the caller's, which the kernel points to
  ParallelLoop loop_;
};

} // namespace

bool read_openmp_region(tree fndecl, tree target, const DataSections &present,
                        OpenmpRegion *region, Kernel *kernel,
                        std::string *why_not) {
  return RegionReader(fndecl, target, region).read(present, kernel, why_not);
}

} // namespace ferry
