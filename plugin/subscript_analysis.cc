// See subscript_analysis.h.
#include "subscript_analysis.h"

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

// Loop-invariant: no loop variable, and no memory read or call whose
// value could differ between iterations.
bool is_invariant(tree expression, const std::vector<IndexVariable> &vars) {
  struct Search {
    static tree visit(tree *node, int *walk_subtrees, void *) {
      switch (TREE_CODE(*node)) {
      case INDIRECT_REF:
      case ARRAY_REF:
      case MEM_REF:
      case CALL_EXPR:
      case AGGR_INIT_EXPR:
      case MODIFY_EXPR:
      case PREINCREMENT_EXPR:
      case POSTINCREMENT_EXPR:
      case PREDECREMENT_EXPR:
      case POSTDECREMENT_EXPR:
        return *node;
      case VAR_DECL:
        // Locals of the body change between iterations.
        return (!TREE_STATIC(*node) && !DECL_EXTERNAL(*node)) ? *node
                                                              : NULL_TREE;
      default:
        if (TYPE_P(*node))
          *walk_subtrees = 0;
        return NULL_TREE;
      }
    }
  };
  return !mentions_any(expression, vars) &&
         !cp_walk_tree_without_duplicates(&expression, Search::visit, nullptr);
}

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

AffineOffset decompose(tree expression,
                       const std::vector<IndexVariable> &vars) {
  AffineOffset form;
  expression = tree_strip_any_location_wrapper(expression);
  if (!mentions_any(expression, vars)) {
    form.affine = is_invariant(expression, vars);
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
    return decompose(TREE_OPERAND(expression, 0), vars);
  case PLUS_EXPR:
  case POINTER_PLUS_EXPR:
  case MINUS_EXPR: {
    AffineOffset left = decompose(TREE_OPERAND(expression, 0), vars);
    AffineOffset right = decompose(TREE_OPERAND(expression, 1), vars);
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
    if (mentions_any(a, vars) || !is_invariant(a, vars))
      return form; // i * i, or a factor that changes
    AffineOffset scaled = decompose(b, vars);
    if (scaled.affine)
      scale(&scaled, to_sizetype(a));
    return scaled;
  }
  case NEGATE_EXPR: {
    AffineOffset negated = decompose(TREE_OPERAND(expression, 0), vars);
    if (negated.affine)
      scale(&negated, fold_convert(sizetype, integer_minus_one_node));
    return negated;
  }
  default:
    return form;
  }
}

// An integer expression as a polynomial over atoms: the loop-invariant
// leaves (parameters, constants' names).  Enough to compare strides and
// ranges such as n*n*8 and n*8*(n - 2).
class Polynomial {
public:
  static Polynomial of(tree e, std::vector<tree> *atoms, int depth = 0) {
    Polynomial p;
    e = tree_strip_any_location_wrapper(e);
    if (depth > 32)
      return failed();
    if (CONVERT_EXPR_P(e) && INTEGRAL_TYPE_P(TREE_TYPE(TREE_OPERAND(e, 0))))
      return of(TREE_OPERAND(e, 0), atoms, depth + 1);
    switch (TREE_CODE(e)) {
    case INTEGER_CST:
      if (!tree_fits_shwi_p(e) && !tree_fits_uhwi_p(e))
        return failed();
      // Sizetype arithmetic wraps: large unsigned values read as negative.
      p.terms_[{}] = TREE_INT_CST_LOW(e);
      return p;
    case PLUS_EXPR:
    case MINUS_EXPR:
      return of(TREE_OPERAND(e, 0), atoms, depth + 1)
          .plus(of(TREE_OPERAND(e, 1), atoms, depth + 1),
                TREE_CODE(e) == MINUS_EXPR ? -1 : 1);
    case NEGATE_EXPR:
      return Polynomial().plus(of(TREE_OPERAND(e, 0), atoms, depth + 1), -1);
    case MULT_EXPR:
      return of(TREE_OPERAND(e, 0), atoms, depth + 1)
          .times(of(TREE_OPERAND(e, 1), atoms, depth + 1));
    default: {
      std::size_t id = 0;
      while (id < atoms->size() && !operand_equal_p((*atoms)[id], e, 0))
        ++id;
      if (id == atoms->size())
        atoms->push_back(e);
      p.terms_[{int(id)}] = 1;
      return p;
    }
    }
  }

  Polynomial plus(const Polynomial &other, HOST_WIDE_INT factor) const {
    Polynomial sum = *this;
    sum.ok_ = ok_ && other.ok_;
    for (const auto &[monomial, coefficient] : other.terms_)
      sum.terms_[monomial] += coefficient * factor;
    return sum;
  }

  Polynomial times(const Polynomial &other) const {
    Polynomial product;
    product.ok_ = ok_ && other.ok_;
    for (const auto &[a, ca] : terms_)
      for (const auto &[b, cb] : other.terms_) {
        std::vector<int> monomial = a;
        monomial.insert(monomial.end(), b.begin(), b.end());
        std::sort(monomial.begin(), monomial.end());
        if (monomial.size() > kMaxDegree)
          product.ok_ = false;
        product.terms_[monomial] += ca * cb;
      }
    return product;
  }

  // Every term non-negative: the value is >= 0 for non-negative atoms.
  bool non_negative() const {
    if (!ok_)
      return false;
    for (const auto &[monomial, coefficient] : terms_)
      if (coefficient < 0)
        return false;
    return true;
  }
  // Whether every term with atom ATOM has a positive coefficient (and
  // there is one): the value grows with that atom.
  bool grows_with(int atom) const {
    bool found = false;
    for (const auto &[monomial, coefficient] : terms_)
      if (std::find(monomial.begin(), monomial.end(), atom) != monomial.end()) {
        if (coefficient <= 0)
          return false;
        found = true;
      }
    return ok_ && found;
  }
  bool zero() const {
    if (!ok_)
      return false;
    for (const auto &[monomial, coefficient] : terms_)
      if (coefficient != 0)
        return false;
    return true;
  }

private:
  static Polynomial failed() {
    Polynomial p;
    p.ok_ = false;
    return p;
  }
  static constexpr std::size_t kMaxDegree = 6;
  bool ok_ = true;
  std::map<std::vector<int>, HOST_WIDE_INT> terms_;
};

Polynomial difference(tree a, tree b) {
  std::vector<tree> atoms;
  Polynomial pa = Polynomial::of(a, &atoms);
  return pa.plus(Polynomial::of(b, &atoms), -1);
}

bool equal_sizes(tree a, tree b) { return difference(a, b).zero(); }

// A >= B, assuming the sizes in subscripts and loop bounds are not negative
// (when one is, these loops do not run).
bool at_least(tree a, tree b) { return difference(a, b).non_negative(); }

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

AffineOffset affine_offset(tree offset,
                           const std::vector<IndexVariable> &variables) {
  AffineOffset form = decompose(offset, variables);
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
                           tree access_size,
                           const std::vector<IndexVariable> &variables,
                           OwnershipFailure *failure) {
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
    tree range =
        fold_build2(MINUS_EXPR, sizetype,
                    to_sizetype(at_largest_outer_value(v->bound, variables)),
                    to_sizetype(v->lower));
    tree needed =
        fold_build2(MULT_EXPR, sizetype, places[i].coefficient, range);
    std::size_t next = i + 1;
    for (std::size_t j = i + 1; j < places.size(); ++j)
      if (at_least(places[j].coefficient, needed) ||
          equal_sizes(places[j].coefficient, needed)) {
        next = j;
        break;
      }
    if (!at_least(places[next].coefficient, needed))
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
      return fail(OwnershipFailure::serial_outside, place.variable->var);
    }
  }
  if (!first_parallel)
    return fail(OwnershipFailure::not_affine);

  // Iteration I owns the span [P(I), P(I) + s), where P(I) sums the
  // parallel terms and s is the smallest parallel step: the steps form a
  // mixed radix, so the spans of two iterations do not overlap.  The
  // access, with the serial variables over their ranges, must stay inside.
  // (at_least reads sizetype's wrapped values as negative.)
  tree low = offset.constant;
  tree high = fold_build2(PLUS_EXPR, sizetype, offset.constant,
                          to_sizetype(access_size));
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
  if (!at_least(low, size_zero_node) ||
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
    for (const auto &term : form.terms)
      if (term.first == var)
        return term.second;
    return size_zero_node;
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

} // namespace ferry
