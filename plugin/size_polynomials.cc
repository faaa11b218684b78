// SPDX-License-Identifier: GPL-3.0-or-later
// Sizes as polynomials: see size_polynomials.h.
#include "size_polynomials.h"

#include <algorithm>

namespace ferry {

namespace {

// Whether A and B are one atom of a polynomial: equal up to integral
// conversions, which the polynomials ignore at the top too (`(long long)n /
// 4`, as a length is read, is `n / 4` of a loop bound).
bool same_atom(tree a, tree b, int depth = 0) {
  auto bare = [](tree t) {
    t = tree_strip_any_location_wrapper(t);
    while (CONVERT_EXPR_P(t) && INTEGRAL_TYPE_P(TREE_TYPE(TREE_OPERAND(t, 0))))
      t = tree_strip_any_location_wrapper(TREE_OPERAND(t, 0));
    return t;
  };
  a = bare(a);
  b = bare(b);
  if (TREE_CODE(a) == INTEGER_CST && TREE_CODE(b) == INTEGER_CST)
    return wi::to_widest(a) == wi::to_widest(b);
  if (depth < 8 && TREE_CODE(a) == TREE_CODE(b) && BINARY_CLASS_P(a))
    return same_atom(TREE_OPERAND(a, 0), TREE_OPERAND(b, 0), depth + 1) &&
           same_atom(TREE_OPERAND(a, 1), TREE_OPERAND(b, 1), depth + 1);
  return operand_equal_p(a, b, 0);
}

} // namespace

Polynomial Polynomial::of(tree e, std::vector<tree> *atoms, int depth) {
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
    // A constant's name, or arithmetic of them (`size / 4` of `const int
    // size = 1000`), is its value: the front end folds it so in an array
    // section's bounds, but not in a loop's.
    if (!TREE_SIDE_EFFECTS(e) && INTEGRAL_TYPE_P(TREE_TYPE(e)))
      if (tree value = maybe_constant_value(e);
          value != e && TREE_CODE(value) == INTEGER_CST)
        return of(value, atoms, depth + 1);
    std::size_t id = 0;
    while (id < atoms->size() && !same_atom((*atoms)[id], e))
      ++id;
    if (id == atoms->size())
      atoms->push_back(e);
    p.terms_[{int(id)}] = 1;
    return p;
  }
  }
}

Polynomial Polynomial::plus(const Polynomial &other,
                            HOST_WIDE_INT factor) const {
  Polynomial sum = *this;
  sum.ok_ = ok_ && other.ok_;
  for (const auto &[monomial, coefficient] : other.terms_)
    sum.terms_[monomial] += coefficient * factor;
  return sum;
}

Polynomial Polynomial::times(const Polynomial &other) const {
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

bool Polynomial::non_negative() const {
  if (!ok_)
    return false;
  for (const auto &[monomial, coefficient] : terms_)
    if (coefficient < 0)
      return false;
  return true;
}

bool Polynomial::grows_with(int atom) const {
  bool found = false;
  for (const auto &[monomial, coefficient] : terms_)
    if (std::find(monomial.begin(), monomial.end(), atom) != monomial.end()) {
      if (coefficient <= 0)
        return false;
      found = true;
    }
  return ok_ && found;
}

bool Polynomial::non_negative_for_positive_atoms() const {
  return shifted_non_negative({}, /*all=*/true);
}

bool Polynomial::non_negative_for_positive(const std::set<int> &positive) const {
  return shifted_non_negative(positive, /*all=*/false);
}

// Every term non-negative once each atom x of POSITIVE (of all, with ALL)
// is written 1 + x'.
bool Polynomial::shifted_non_negative(const std::set<int> &positive,
                                      bool all) const {
  if (!ok_)
    return false;
  Polynomial shifted;
  for (const auto &[monomial, coefficient] : terms_)
    for (unsigned subset = 0; subset < (1u << monomial.size()); ++subset) {
      std::vector<int> kept;
      bool fixed_kept = true; // atoms that are not shifted stay whole
      for (std::size_t i = 0; i < monomial.size(); ++i) {
        const bool shifts = all || positive.count(monomial[i]);
        if (subset & (1u << i))
          kept.push_back(monomial[i]);
        else if (!shifts)
          fixed_kept = false;
      }
      if (fixed_kept)
        shifted.terms_[kept] += coefficient;
    }
  return shifted.non_negative();
}

std::set<int> Polynomial::atoms() const {
  std::set<int> found;
  for (const auto &[monomial, coefficient] : terms_)
    if (coefficient != 0)
      found.insert(monomial.begin(), monomial.end());
  return found;
}

bool Polynomial::constant(HOST_WIDE_INT *value) const {
  if (!ok_)
    return false;
  *value = 0;
  for (const auto &[monomial, coefficient] : terms_) {
    if (!monomial.empty() && coefficient != 0)
      return false;
    if (monomial.empty())
      *value = coefficient;
  }
  return true;
}

bool Polynomial::multiple_of(const Polynomial &factor) const {
  if (!ok_ || !factor.ok_)
    return false;
  const std::pair<const std::vector<int>, HOST_WIDE_INT> *single = nullptr;
  for (const auto &term : factor.terms_) {
    if (term.second == 0)
      continue;
    if (single)
      return false;
    single = &term;
  }
  if (!single)
    return false;
  for (const auto &[monomial, coefficient] : terms_) {
    if (coefficient == 0)
      continue;
    if (coefficient % single->second != 0 ||
        !std::includes(monomial.begin(), monomial.end(),
                       single->first.begin(), single->first.end()))
      return false;
  }
  return true;
}

bool Polynomial::zero() const {
  if (!ok_)
    return false;
  for (const auto &[monomial, coefficient] : terms_)
    if (coefficient != 0)
      return false;
  return true;
}

Polynomial Polynomial::failed() {
  Polynomial p;
  p.ok_ = false;
  return p;
}

Polynomial difference(tree a, tree b) {
  std::vector<tree> atoms;
  Polynomial pa = Polynomial::of(a, &atoms);
  return pa.plus(Polynomial::of(b, &atoms), -1);
}

bool equal_sizes(tree a, tree b) { return difference(a, b).zero(); }

bool at_least(tree a, tree b) { return difference(a, b).non_negative(); }

bool at_least_for_step(tree a, tree b, tree step) {
  std::vector<tree> atoms;
  Polynomial pa = Polynomial::of(a, &atoms);
  Polynomial d = pa.plus(Polynomial::of(b, &atoms), -1);
  return d.non_negative_for_positive(Polynomial::of(step, &atoms).atoms());
}

} // namespace ferry
