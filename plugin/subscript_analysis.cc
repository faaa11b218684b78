// SPDX-License-Identifier: GPL-3.0-or-later
// See subscript_analysis.h.
#include "subscript_analysis.h"

#include "kernel_views.h"
#include "tree_utils.h"

#include <algorithm>
#include <map>

namespace ferry {

namespace {

const IndexVariable *find_variable(tree expression,
                                   const std::vector<IndexVariable> &vars) {
  for (const IndexVariable &v : vars)
    if (v.var == expression)
      return &v;
  return nullptr;
}

// EXPRESSION (unshared) with every occurrence of VAR replaced by VALUE.
tree substitute(tree expression, tree var, tree value) {
  struct Replace {
    tree var, value;
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *r = static_cast<Replace *>(data);
      if (TYPE_P(*node))
        *walk_subtrees = 0;
      else if (*node == r->var)
        *node = fold_convert(TREE_TYPE(r->var), r->value);
      return NULL_TREE;
    }
  } replace{var, value};
  tree copy = unshare_expr(expression);
  walk_tree(&copy, Replace::visit, &replace, nullptr);
  return fold(copy);
}

bool mentions_any(tree expression, const std::vector<IndexVariable> &vars) {
  struct Search {
    static tree visit(tree *node, int *, void *data) {
      auto *variables = static_cast<const std::vector<IndexVariable> *>(data);
      return find_variable(*node, *variables) ? *node : NULL_TREE;
    }
  };
  return cp_walk_tree_without_duplicates(
             &expression, Search::visit,
             const_cast<std::vector<IndexVariable> *>(&vars)) != NULL_TREE;
}

} // namespace

// The pointer variable REFERENCE reads memory through (`p` of `p->a[2]`,
// `*(p + k)`), or NULL_TREE.
static tree memory_base(tree reference) {
  while (TREE_CODE(reference) == ARRAY_REF ||
         TREE_CODE(reference) == COMPONENT_REF)
    reference = TREE_OPERAND(reference, 0);
  if (TREE_CODE(reference) != INDIRECT_REF && TREE_CODE(reference) != MEM_REF)
    return NULL_TREE;
  tree pointer = tree_strip_any_location_wrapper(TREE_OPERAND(reference, 0));
  while (TREE_CODE(pointer) == POINTER_PLUS_EXPR || CONVERT_EXPR_P(pointer) ||
         TREE_CODE(pointer) == NON_LVALUE_EXPR)
    pointer = tree_strip_any_location_wrapper(TREE_OPERAND(pointer, 0));
  return DECL_P(pointer) ? pointer : NULL_TREE;
}

bool is_invariant(tree expression, const std::vector<IndexVariable> &vars,
                  const std::set<tree> *unchanged) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      auto *unchanged = static_cast<const std::set<tree> *>(data);
      // Whatever stores varies.
      if (store_of(TREE_CODE(*node)) != Store::none)
        return *node;
      switch (TREE_CODE(*node)) {
      case INDIRECT_REF:
      case ARRAY_REF:
      case MEM_REF:
        // Memory the loop never writes keeps its values (`prop->width`
        // through a pointer to what the loop only reads).
        return unchanged && unchanged->count(memory_base(*node)) ? NULL_TREE
                                                                 : *node;
      case CALL_EXPR:
      case AGGR_INIT_EXPR:
        return *node;
      case VAR_DECL:
        // Locals of the body change between iterations; the numbers read
        // through a struct or span parameter do not, nor the locals the
        // caller knows the loop leaves alone.
        return (!TREE_STATIC(*node) && !DECL_EXTERNAL(*node) &&
                !is_view_constant(*node) &&
                !(unchanged && unchanged->count(*node)))
                   ? *node
                   : NULL_TREE;
      default:
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        return NULL_TREE;
      }
    }
  };
  return !mentions_any(expression, vars) &&
         !cp_walk_tree_without_duplicates(
             &expression, Search::visit,
             const_cast<std::set<tree> *>(unchanged));
}

namespace {

tree to_sizetype(tree t) { return fold_convert(sizetype, t); }

// Offsets are computed in sizetype, which is unsigned: y[i - 1] has the
// constant 2^64 - 8, which tree_int_cst_sgn calls positive.
bool is_negative(tree constant) { return wi::neg_p(wi::to_wide(constant)); }

void scale(AffineOffset *form, tree factor) {
  for (auto &term : form->terms)
    term.second = fold_build2(MULT_EXPR, sizetype, term.second, factor);
  form->constant = fold_build2(MULT_EXPR, sizetype, form->constant, factor);
}

void add_terms(AffineOffset *sum, const AffineOffset &other, bool subtract) {
  for (const auto &term : other.terms) {
    tree coefficient = term.second;
    if (subtract)
      coefficient = fold_build1(NEGATE_EXPR, sizetype, coefficient);
    auto same =
        std::find_if(sum->terms.begin(), sum->terms.end(),
                     [&](const auto &t) { return t.first == term.first; });
    if (same != sum->terms.end())
      same->second =
          fold_build2(PLUS_EXPR, sizetype, same->second, coefficient);
    else
      sum->terms.emplace_back(term.first, coefficient);
  }
  sum->constant = fold_build2(subtract ? MINUS_EXPR : PLUS_EXPR, sizetype,
                              sum->constant, other.constant);
}

// Whether EXPRESSION calls a function or reads memory through a pointer
// or an array.
bool reads_memory(tree expression) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      switch (TREE_CODE(*node)) {
      case INDIRECT_REF:
      case ARRAY_REF:
      case MEM_REF:
      case CALL_EXPR:
      case AGGR_INIT_EXPR:
        return *node;
      default:
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        return NULL_TREE;
      }
    }
  };
  return cp_walk_tree_without_duplicates(&expression, Search::visit, nullptr);
}

// The value of a const integer local, as initialised: `const int c = j *
// nx + i;` stands for its initialiser where it is used (the loop variables
// cannot change in between).  One initialised by a call or a read of
// memory (`const int cols = p.col_count();`) stays a name: the name has
// one value, the call need not.
tree constant_definition(tree expression) {
  // A constexpr variable of a namespace or class (`constexpr int P = 4;`):
  // its value.
  if (VAR_P(expression) && INTEGRAL_TYPE_P(TREE_TYPE(expression)) &&
      decl_constant_var_p(expression)) {
    tree value = maybe_constant_value(expression);
    if (TREE_CODE(value) == INTEGER_CST)
      return value;
  }
  if (!VAR_P(expression) || TREE_STATIC(expression) ||
      DECL_EXTERNAL(expression) || !TREE_READONLY(expression) ||
      !INTEGRAL_TYPE_P(TREE_TYPE(expression)) || is_view_constant(expression))
    return NULL_TREE;
  tree definition = DECL_INITIAL(expression);
  return definition && definition != error_mark_node && !reads_memory(definition)
             ? definition
             : NULL_TREE;
}

// A copy of EXPRESSION with its const integer locals replaced by their
// initialisers, DEPTH levels deep at most.
tree expand_constants(tree expression, int depth = 0) {
  static constexpr int kMaxDepth = 8;
  struct Expand {
    static tree visit(tree *node, int *walk_subtrees, void *data) {
      if (TYPE_P(*node)) {
        *walk_subtrees = 0;
      } else if (tree definition = constant_definition(*node)) {
        const int depth = *static_cast<int *>(data);
        if (depth < kMaxDepth)
          *node = expand_constants(definition, depth + 1);
        *walk_subtrees = 0;
      }
      return NULL_TREE;
    }
  };
  tree copy = unshare_expr(expression);
  cp_walk_tree(&copy, Expand::visit, &depth, nullptr);
  return copy;
}

tree strip_integral_conversions(tree expression) {
  expression = tree_strip_any_location_wrapper(expression);
  while ((CONVERT_EXPR_P(expression) ||
          TREE_CODE(expression) == NON_LVALUE_EXPR) &&
         INTEGRAL_TYPE_P(TREE_TYPE(TREE_OPERAND(expression, 0))))
    expression = tree_strip_any_location_wrapper(TREE_OPERAND(expression, 0));
  return expression;
}

// A digit of a mixed-radix decomposition of an index variable:
// (var % modulus) / divisor, with no modulus for `var / divisor` and a
// divisor of 1 for `var % modulus` (the SU(3) codes' `i = id / 36`,
// `j = (id % 36) / 9`, `k = (id % 9) / 3`, `l = id % 3`).
struct Digit {
  tree var = NULL_TREE;
  tree modulus = NULL_TREE;
  tree divisor = NULL_TREE;
};

bool positive_constant(tree t) {
  return TREE_CODE(t) == INTEGER_CST && tree_int_cst_sgn(t) > 0 &&
         tree_fits_uhwi_p(t);
}

bool read_digit(tree expression, const std::vector<IndexVariable> &vars,
                Digit *digit) {
  expression = strip_integral_conversions(expression);
  const tree_code code = TREE_CODE(expression);
  if (code != TRUNC_DIV_EXPR && code != TRUNC_MOD_EXPR)
    return false;
  tree operand = strip_integral_conversions(TREE_OPERAND(expression, 0));
  tree constant = TREE_OPERAND(expression, 1);
  if (!positive_constant(constant))
    return false;
  if (code == TRUNC_MOD_EXPR) {
    digit->modulus = constant;
    digit->divisor = size_one_node;
  } else if (TREE_CODE(operand) == TRUNC_MOD_EXPR &&
             positive_constant(TREE_OPERAND(operand, 1))) {
    digit->modulus = TREE_OPERAND(operand, 1);
    digit->divisor = constant;
    operand = strip_integral_conversions(TREE_OPERAND(operand, 0));
  } else {
    digit->divisor = constant;
  }
  digit->var = operand;
  return find_variable(operand, vars) != nullptr;
}

// The digits of a variable, weighted each by its radix, add up to the
// variable: a flat index split by division and remainder is one-to-one.
// Replaces the digit terms of FORM by the variable's own; false when the
// digits of a variable do not make a whole decomposition of it, each
// weighted by its divisor times one factor, or the variable may be
// negative (where C's division rounds towards zero).
bool combine_digits(AffineOffset *form,
                    const std::vector<IndexVariable> &vars) {
  struct Weighted {
    Digit digit;
    tree coefficient;
  };
  std::map<tree, std::vector<Weighted>> by_var;
  std::vector<std::pair<tree, tree>> terms;
  for (const auto &term : form->terms) {
    Digit digit;
    if (!read_digit(term.first, vars, &digit)) {
      terms.push_back(term);
      continue;
    }
    std::vector<Weighted> &digits = by_var[digit.var];
    auto same = std::find_if(digits.begin(), digits.end(), [&](const Weighted &w) {
      return tree_int_cst_equal(w.digit.divisor, digit.divisor) &&
             (w.digit.modulus && digit.modulus
                  ? tree_int_cst_equal(w.digit.modulus, digit.modulus)
                  : w.digit.modulus == digit.modulus);
    });
    if (same != digits.end())
      same->coefficient =
          fold_build2(PLUS_EXPR, sizetype, same->coefficient, term.second);
    else
      digits.push_back({digit, term.second});
  }
  for (auto &[var, digits] : by_var) {
    const IndexVariable *v = find_variable(var, vars);
    if (!TYPE_UNSIGNED(TREE_TYPE(var)) &&
        !(v->lower && TREE_CODE(v->lower) == INTEGER_CST &&
          tree_int_cst_sgn(v->lower) >= 0))
      return false;
    std::sort(digits.begin(), digits.end(),
              [](const Weighted &a, const Weighted &b) {
                return tree_to_uhwi(a.digit.divisor) <
                       tree_to_uhwi(b.digit.divisor);
              });
    if (!integer_onep(digits.front().digit.divisor))
      return false;
    tree factor = fold(digits.front().coefficient);
    for (std::size_t t = 0; t < digits.size(); ++t) {
      const Digit &digit = digits[t].digit;
      const bool last = t + 1 == digits.size();
      if (last ? digit.modulus != NULL_TREE
               : !digit.modulus ||
                     !tree_int_cst_equal(digit.modulus,
                                         digits[t + 1].digit.divisor) ||
                     tree_to_uhwi(digit.modulus) %
                             tree_to_uhwi(digit.divisor) !=
                         0)
        return false;
      tree weight = fold_build2(MULT_EXPR, sizetype, factor,
                                to_sizetype(digit.divisor));
      if (!operand_equal_p(fold(digits[t].coefficient), weight, 0))
        return false;
    }
    auto same = std::find_if(terms.begin(), terms.end(),
                             [&](const auto &t) { return t.first == var; });
    if (same != terms.end())
      same->second = fold_build2(PLUS_EXPR, sizetype, same->second, factor);
    else
      terms.emplace_back(var, factor);
  }
  form->terms = terms;
  return true;
}

AffineOffset decompose(tree expression, const std::vector<IndexVariable> &vars,
                       const std::set<tree> *kept) {
  AffineOffset form;
  // `(i) + (j) * N` from a macro: C++ marks a parenthesized name with a
  // view of itself.
  expression = strip_lvalue_wrappers(expression);
  if (!mentions_any(expression, vars)) {
    form.affine = is_invariant(expression, vars, kept);
    form.constant = to_sizetype(expression);
    return form;
  }
  if (find_variable(expression, vars)) {
    form.affine = true;
    form.terms.emplace_back(expression, size_one_node);
    form.constant = size_zero_node;
    return form;
  }
  switch (TREE_CODE(expression)) {
  CASE_CONVERT:
  case NON_LVALUE_EXPR:
  case SAVE_EXPR:
    if (!INTEGRAL_TYPE_P(TREE_TYPE(TREE_OPERAND(expression, 0))))
      return form;
    return decompose(TREE_OPERAND(expression, 0), vars, kept);
  case PLUS_EXPR:
  case POINTER_PLUS_EXPR:
  case MINUS_EXPR: {
    AffineOffset left = decompose(TREE_OPERAND(expression, 0), vars, kept);
    AffineOffset right = decompose(TREE_OPERAND(expression, 1), vars, kept);
    if (!left.affine || !right.affine)
      return form;
    add_terms(&left, right, TREE_CODE(expression) == MINUS_EXPR);
    return left;
  }
  case MULT_EXPR: {
    tree a = TREE_OPERAND(expression, 0);
    tree b = TREE_OPERAND(expression, 1);
    if (mentions_any(a, vars))
      std::swap(a, b);
    if (mentions_any(a, vars) || !is_invariant(a, vars, kept))
      return form; // i * i, or a factor that changes
    AffineOffset scaled = decompose(b, vars, kept);
    if (scaled.affine)
      scale(&scaled, to_sizetype(a));
    return scaled;
  }
  case NEGATE_EXPR: {
    AffineOffset negated = decompose(TREE_OPERAND(expression, 0), vars, kept);
    if (negated.affine)
      scale(&negated, fold_convert(sizetype, integer_minus_one_node));
    return negated;
  }
  case TRUNC_DIV_EXPR:
  case TRUNC_MOD_EXPR: {
    // A digit stands as a term of its own until combine_digits() adds the
    // digits up.
    Digit digit;
    if (!read_digit(expression, vars, &digit))
      return form;
    form.affine = true;
    form.terms.emplace_back(expression, size_one_node);
    form.constant = size_zero_node;
    return form;
  }
  default:
    return form;
  }
}

// BOUND with every loop variable in it replaced by that variable's largest
// value: the widest range of an inner loop such as `j <= i`.  Only bounds
// that grow with the variable (as i + 1 does) are widened correctly this
// way; a bound that shrinks with it keeps the variable and is not proven.
tree at_largest_outer_value(tree bound,
                            const std::vector<IndexVariable> &variables) {
  tree result = unshare_expr(bound);
  for (const IndexVariable &v : variables) {
    if (!mentions_any(result, {v}))
      continue;
    std::vector<tree> atoms{v.var};
    if (!Polynomial::of(result, &atoms).grows_with(0))
      continue;
    tree largest = fold_build2(MINUS_EXPR, TREE_TYPE(v.bound), v.bound,
                               build_one_cst(TREE_TYPE(v.bound)));
    result = substitute(result, v.var, largest);
  }
  return result;
}

} // namespace

bool shift_to_owned_row(const AffineOffset &offset, tree span_start,
                        const std::vector<IndexVariable> &variables,
                        const std::vector<tree> &others,
                        AffineOffset *shifted) {
  if (!offset.affine || !span_start)
    return false;
  // The outermost of the parallel variables: its step covers the whole
  // range of every other one (a collapsed nest's rows), so the nest's
  // elements lie within its sweep.
  const IndexVariable *parallel = nullptr;
  tree step = NULL_TREE;
  for (const IndexVariable &v : variables) {
    tree own = v.parallel ? coefficient_of(offset, v.var) : NULL_TREE;
    if (!own)
      continue;
    const bool covers = std::all_of(
        variables.begin(), variables.end(), [&](const IndexVariable &other) {
          if (!other.parallel || &other == &v)
            return true;
          tree inner = coefficient_of(offset, other.var);
          return inner &&
                 at_least(own, fold_build2(
                                   MULT_EXPR, sizetype, inner,
                                   fold_build2(MINUS_EXPR, sizetype,
                                               to_sizetype(other.bound),
                                               to_sizetype(other.lower))));
        });
    if (covers) {
      parallel = &v;
      step = own;
      break;
    }
  }
  if (!parallel)
    return false;
  std::vector<tree> atoms;
  Polynomial apart = Polynomial::of(offset.constant, &atoms)
                         .plus(Polynomial::of(span_start, &atoms), -1);
  if (apart.zero())
    return false;
  // The loop sweeps STEP * (bound - lower) bytes; rows a multiple of
  // STEP * bound or of the sweep itself apart, no closer than the sweep,
  // are never reached by another iteration.
  tree sweep = fold_build2(
      MULT_EXPR, sizetype, step,
      fold_build2(MINUS_EXPR, sizetype, to_sizetype(parallel->bound),
                  to_sizetype(parallel->lower)));
  for (tree row : {fold_build2(MULT_EXPR, sizetype, step,
                               to_sizetype(parallel->bound)),
                   sweep}) {
    if (!apart.multiple_of(Polynomial::of(row, &atoms)) ||
        !at_least(row, sweep))
      continue;
    *shifted = offset;
    shifted->constant = span_start;
    return true;
  }
  // Fields further apart than the sweep, though not a multiple of it
  // (flux[v * (nz + 1) * (nx + 1) + k * (nx + 1) + i] over k < nz): each
  // shift at least a sweep from the start and from every other access's.
  auto a_sweep_apart = [&sweep](tree a, tree b) {
    return at_least(fold_build2(MINUS_EXPR, sizetype, a, b), sweep) ||
           at_least(fold_build2(MINUS_EXPR, sizetype, b, a), sweep);
  };
  if (!a_sweep_apart(offset.constant, span_start) ||
      !std::all_of(others.begin(), others.end(), [&](tree other) {
        return equal_sizes(other, offset.constant) ||
               a_sweep_apart(offset.constant, other);
      }))
    return false;
  *shifted = offset;
  shifted->constant = span_start;
  return true;
}

AffineOffset affine_offset(tree offset,
                           const std::vector<IndexVariable> &variables,
                           const std::set<tree> *unchanged) {
  AffineOffset form =
      decompose(expand_constants(offset), variables, unchanged);
  if (form.affine && !combine_digits(&form, variables))
    form.affine = false;
  if (form.affine) {
    form.constant = fold(form.constant);
    for (auto &term : form.terms)
      term.second = fold(term.second);
    form.terms.erase(
        std::remove_if(form.terms.begin(), form.terms.end(),
                       [](const auto &t) { return integer_zerop(t.second); }),
        form.terms.end());
  }
  return form;
}

bool is_owned_by_iteration(const AffineOffset &offset, tree element_size,
                           tree access_size, tree span_start,
                           const std::vector<IndexVariable> &variables,
                           OwnershipFailure *failure, bool *strided) {
  auto fail = [&](OwnershipFailure::Kind kind, tree variable = NULL_TREE,
                  tree inner = NULL_TREE) {
    failure->kind = kind;
    failure->variable = variable;
    failure->inner_variable = inner;
    return false;
  };
  if (!offset.affine)
    return fail(OwnershipFailure::not_affine);
  // Every parallel variable must move the access, or two iterations that
  // differ only in it would share the element.
  struct Place {
    const IndexVariable *variable;
    tree coefficient;
  };
  std::vector<Place> places;
  for (const IndexVariable &v : variables) {
    auto term = std::find_if(offset.terms.begin(), offset.terms.end(),
                             [&](const auto &t) { return t.first == v.var; });
    if (term == offset.terms.end()) {
      if (v.parallel)
        return fail(OwnershipFailure::missing_index, v.var);
      continue;
    }
    // Steps must be positive multiples of the element.
    tree c = term->second;
    if (TREE_CODE(c) == INTEGER_CST && is_negative(c))
      return fail(OwnershipFailure::decreasing, v.var);
    if (TREE_CODE(c) == INTEGER_CST && integer_zerop(c))
      return fail(OwnershipFailure::not_affine, v.var);
    if (TREE_CODE(c) == INTEGER_CST &&
        !integer_zerop(fold_build2(TRUNC_MOD_EXPR, sizetype, c,
                                   to_sizetype(element_size))))
      return fail(OwnershipFailure::shifted, v.var);
    places.push_back({&v, c});
  }
  if (places.size() != offset.terms.size())
    return fail(OwnershipFailure::not_affine);

  // Mixed radix: ordered by step, each step must cover the whole range of
  // the previous variable, so distinct index tuples give distinct elements.
  // Serial variables (chunks) must sit below every parallel one.
  auto constant_first = [](const Place &a, const Place &b) {
    bool ca = TREE_CODE(a.coefficient) == INTEGER_CST;
    bool cb = TREE_CODE(b.coefficient) == INTEGER_CST;
    if (ca && cb)
      return tree_int_cst_lt(a.coefficient, b.coefficient);
    return ca && !cb;
  };
  std::stable_sort(places.begin(), places.end(), constant_first);
  // Order symbolic steps by the chain they form: each next step must be
  // the previous step times the previous range.
  for (std::size_t i = 0; i + 1 < places.size(); ++i) {
    const IndexVariable *v = places[i].variable;
    // Bounds in the atoms of the steps: `ij < xy` with `const int xy =
    // nx * ny` against a step of nx * ny elements.
    tree range = fold_build2(
        MINUS_EXPR, sizetype,
        to_sizetype(
            expand_constants(at_largest_outer_value(v->bound, variables))),
        to_sizetype(expand_constants(v->lower)));
    tree needed =
        fold_build2(MULT_EXPR, sizetype, places[i].coefficient, range);
    // The next step is the smallest of those that cover the range: in
    // ghost-cell layouts (ll * (nz + 4) * (nx + 4) + k * (nx + 4) + i) the
    // outer step covers it too, and taken first would leave the middle one
    // to cover the outer range.
    std::size_t next = i + 1;
    bool found = false;
    for (std::size_t j = i + 1; j < places.size(); ++j) {
      tree step = places[j].coefficient;
      if (equal_sizes(step, needed)) {
        next = j;
        found = true;
        break;
      }
      if (at_least(step, needed) &&
          (!found || at_least(places[next].coefficient, step))) {
        next = j;
        found = true;
      }
    }
    if (!found)
      return fail(OwnershipFailure::stride_too_small,
                  places[i + 1].variable->var, v->var);
    std::swap(places[i + 1], places[next]);
  }
  const Place *first_parallel = nullptr;
  for (const Place &place : places) {
    if (place.variable->parallel) {
      if (!first_parallel)
        first_parallel = &place;
    } else if (first_parallel) {
      if (!strided || !integer_zerop(fold(span_start)))
        return fail(OwnershipFailure::serial_outside, place.variable->var);
      *strided = true;
    }
  }
  if (!first_parallel)
    return fail(OwnershipFailure::not_affine);

  // Iteration I owns the span [P(I) + d, P(I) + d + s), where P(I) sums
  // the parallel terms, d is SPAN_START and s the smallest parallel step:
  // the steps form a mixed radix, so the spans of two iterations do not
  // overlap.  The
  // access, with the serial variables over their ranges, must stay inside.
  // (at_least reads sizetype's wrapped values as negative.)
  tree low = fold_build2(MINUS_EXPR, sizetype, offset.constant, span_start);
  tree high = fold_build2(PLUS_EXPR, sizetype, low, to_sizetype(access_size));
  const IndexVariable *last_serial = nullptr;
  for (const Place &place : places) {
    if (place.variable->parallel)
      break;
    last_serial = place.variable;
    low = fold_build2(PLUS_EXPR, sizetype, low,
                      fold_build2(MULT_EXPR, sizetype, place.coefficient,
                                  to_sizetype(place.variable->lower)));
    tree largest = fold_build2(
        MINUS_EXPR, sizetype,
        to_sizetype(at_largest_outer_value(place.variable->bound, variables)),
        size_one_node);
    high = fold_build2(
        PLUS_EXPR, sizetype, high,
        fold_build2(MULT_EXPR, sizetype, place.coefficient, largest));
  }
  // A symbolic step counts as at least one element: a zero step would make
  // the buffer's declared length (n * c for y[i*c]) zero, and every access
  // out of bounds.
  if (!at_least_for_step(low, size_zero_node, first_parallel->coefficient) ||
      !(at_least(first_parallel->coefficient, high) ||
        at_least(to_sizetype(element_size), high)))
    return last_serial ? fail(OwnershipFailure::stride_too_small,
                              first_parallel->variable->var, last_serial->var)
                       : fail(OwnershipFailure::shifted);
  return true;
}

bool same_parallel_terms(const AffineOffset &a, const AffineOffset &b,
                         const std::vector<IndexVariable> &variables) {
  auto coefficient = [](const AffineOffset &form, tree var) {
    tree c = coefficient_of(form, var);
    return c ? c : size_zero_node;
  };
  for (const IndexVariable &v : variables)
    if (v.parallel &&
        !equal_sizes(coefficient(a, v.var), coefficient(b, v.var)))
      return false;
  return true;
}

bool same_offset(const AffineOffset &a, const AffineOffset &b) {
  if (!a.affine || !b.affine || a.terms.size() != b.terms.size() ||
      !equal_sizes(a.constant, b.constant))
    return false;
  for (const auto &term : a.terms) {
    auto other =
        std::find_if(b.terms.begin(), b.terms.end(),
                     [&](const auto &t) { return t.first == term.first; });
    if (other == b.terms.end() || !equal_sizes(term.second, other->second))
      return false;
  }
  return true;
}

tree coefficient_of(const AffineOffset &form, tree var) {
  for (const auto &term : form.terms)
    if (term.first == var)
      return term.second;
  return NULL_TREE;
}

namespace {

tree plus(tree a, tree b) { return fold_build2(PLUS_EXPR, sizetype, a, b); }
tree times(tree a, tree b) { return fold_build2(MULT_EXPR, sizetype, a, b); }

// V's trip count, when it does not depend on another loop variable.
tree fixed_range(const IndexVariable &v,
                 const std::vector<IndexVariable> &variables) {
  if (mentions_any(v.bound, variables) || mentions_any(v.lower, variables))
    return NULL_TREE;
  return fold_build2(MINUS_EXPR, sizetype, to_sizetype(v.bound),
                     to_sizetype(v.lower));
}

} // namespace

bool widen_over(ByteSpan *span, const IndexVariable &v,
                const std::vector<IndexVariable> &variables, bool exact) {
  tree step = coefficient_of(span->offset, v.var);
  if (!step)
    return true;
  if (!span->offset.affine || TREE_CODE(step) != INTEGER_CST ||
      is_negative(step))
    return false;
  tree range = fixed_range(v, variables);
  tree lower = to_sizetype(v.lower);
  tree size;
  if (range) {
    size = exact ? (equal_sizes(step, span->size) ? times(step, range)
                                                  : NULL_TREE)
                 : plus(times(step, fold_build2(MINUS_EXPR, sizetype, range,
                                                size_one_node)),
                        span->size);
  } else {
    // A triangular range (k < i): read accesses still lie below the
    // bound at its largest; writes do not cover anything certain.
    if (exact)
      return false;
    tree largest = at_largest_outer_value(v.bound, variables);
    if (mentions_any(largest, variables) || mentions_any(v.lower, variables))
      return false;
    size = plus(times(step, fold_build2(MINUS_EXPR, sizetype,
                                        to_sizetype(largest),
                                        fold_build2(PLUS_EXPR, sizetype, lower,
                                                    size_one_node))),
                span->size);
  }
  if (!size)
    return false;
  span->offset.constant = plus(span->offset.constant, times(step, lower));
  span->size = size;
  auto &terms = span->offset.terms;
  terms.erase(std::remove_if(terms.begin(), terms.end(),
                             [&](const auto &t) { return t.first == v.var; }),
              terms.end());
  return true;
}

bool span_contains(const ByteSpan &outer, const ByteSpan &inner) {
  AffineOffset outer_start = outer.offset, inner_start = inner.offset;
  outer_start.constant = inner_start.constant = size_zero_node;
  if (!same_offset(outer_start, inner_start))
    return false;
  tree gap_before = fold_build2(MINUS_EXPR, sizetype, inner.offset.constant,
                                outer.offset.constant);
  tree gap_after = fold_build2(
      MINUS_EXPR, sizetype, plus(outer.offset.constant, outer.size),
      plus(inner.offset.constant, inner.size));
  // As in is_owned_by_iteration, a symbolic size counts as at least one:
  // were it 0, the buffer's length would be 0 and the read out of bounds.
  return at_least(gap_before, size_zero_node) &&
         difference(gap_after, size_zero_node)
             .non_negative_for_positive_atoms();
}

Coverage write_coverage(const std::vector<ByteSpan> &writes, tree element_size,
                        tree length,
                        const std::vector<IndexVariable> &variables) {
  Coverage coverage;
  // Every write must move with the parallel variables alone (inner loops
  // are already widened away).
  for (const ByteSpan &write : writes)
    for (const auto &term : write.offset.terms) {
      const IndexVariable *v = find_variable(term.first, variables);
      if (!write.offset.affine || !v || !v->parallel)
        return coverage;
    }
  if (writes.empty() || !writes.front().offset.affine)
    return coverage;

  // One iteration: the union of its writes, grown from the lowest start.
  const ByteSpan *lowest = nullptr;
  for (const ByteSpan &candidate : writes)
    if (std::all_of(writes.begin(), writes.end(), [&](const ByteSpan &w) {
          return at_least(w.offset.constant, candidate.offset.constant);
        })) {
      lowest = &candidate;
      break;
    }
  if (!lowest)
    return coverage;
  tree start = lowest->offset.constant;
  tree reach = start;
  for (std::size_t round = 0; round <= writes.size(); ++round) {
    bool grew = false;
    for (const ByteSpan &write : writes) {
      tree end = plus(write.offset.constant, write.size);
      Polynomial beyond = difference(end, reach);
      if (at_least(reach, write.offset.constant) && beyond.non_negative() &&
          !beyond.zero()) {
        reach = end;
        grew = true;
      }
    }
    if (!grew)
      break;
  }
  tree chunk = fold_build2(MINUS_EXPR, sizetype, reach, start);

  // All iterations: the parallel steps must chain from the chunk, each
  // the previous one times the previous range, so the spans tile.
  struct Step {
    const IndexVariable *variable;
    tree coefficient;
  };
  std::vector<Step> steps;
  for (const IndexVariable &v : variables)
    if (v.parallel) {
      tree c = coefficient_of(writes.front().offset, v.var);
      if (!c)
        return coverage.kind = Coverage::gaps_between, coverage;
      steps.push_back({&v, c});
    }
  tree needed = chunk;
  tree first_byte = start;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    auto next = std::find_if(steps.begin() + i, steps.end(), [&](const Step &s) {
      return equal_sizes(s.coefficient, needed);
    });
    if (next == steps.end()) {
      coverage.kind = i == 0 && at_least(steps[0].coefficient, chunk)
                          ? Coverage::gaps_inside
                          : Coverage::gaps_between;
      return coverage;
    }
    std::swap(steps[i], *next);
    tree range = fixed_range(*steps[i].variable, variables);
    if (!range)
      return coverage.kind = Coverage::gaps_between, coverage;
    first_byte =
        plus(first_byte, times(steps[i].coefficient,
                               to_sizetype(steps[i].variable->lower)));
    needed = times(steps[i].coefficient, range);
  }
  tree end_byte = plus(first_byte, needed);
  tree length_bytes = times(to_sizetype(length), to_sizetype(element_size));
  if (equal_sizes(first_byte, size_zero_node) &&
      equal_sizes(end_byte, length_bytes))
    return coverage.kind = Coverage::whole, coverage;
  coverage.kind = Coverage::range_differs;
  const HOST_WIDE_INT element =
      tree_fits_shwi_p(element_size) ? tree_to_shwi(element_size) : 0;
  HOST_WIDE_INT bytes = 0;
  if (element > 0 && difference(first_byte, size_zero_node).constant(&bytes)) {
    coverage.first_known = true;
    coverage.first = bytes / element;
  }
  if (element > 0 && difference(end_byte, length_bytes).constant(&bytes)) {
    coverage.end_known = true;
    coverage.end_minus_length = bytes / element;
  }
  return coverage;
}

} // namespace ferry
