// SPDX-License-Identifier: GPL-3.0-or-later
// Sizes as polynomials, for the subscript analysis (subscript_analysis.h):
// an integer expression is a sum of monomials over its atoms, the
// loop-invariant leaves (parameters, constants' names, a member read
// through a pointer).  Enough to compare strides and ranges such as n*n*8
// and n*8*(n - 2), or to see that (rows - 1) * n * 8 is a multiple of
// n * 8.
//
// Input: GENERIC integer expressions.  Output: comparisons that hold for
// every value of the atoms (non-negative ones, or at least 1 where said).
#ifndef FERRY_PLUGIN_SIZE_POLYNOMIALS_H
#define FERRY_PLUGIN_SIZE_POLYNOMIALS_H

#include "gcc_compat.h"

#include <map>
#include <set>
#include <vector>

namespace ferry {

class Polynomial {
public:
  // E as a polynomial over ATOMS, which it extends with the atoms it
  // meets; a polynomial that cannot be read (too deep, too high a degree)
  // answers false to every question.
  static Polynomial of(tree e, std::vector<tree> *atoms, int depth = 0);

  Polynomial plus(const Polynomial &other, HOST_WIDE_INT factor) const;
  Polynomial times(const Polynomial &other) const;

  // Every term non-negative: the value is >= 0 for non-negative atoms.
  bool non_negative() const;
  // Whether every term with atom ATOM has a positive coefficient (and
  // there is one): the value grows with that atom.
  bool grows_with(int atom) const;
  // Every term non-negative once each atom x is written 1 + x': the
  // value is >= 0 whenever every atom is at least 1.
  bool non_negative_for_positive_atoms() const;
  // The same with only the atoms of POSITIVE at least 1, the others at
  // least 0.
  bool non_negative_for_positive(const std::set<int> &positive) const;
  // The atoms that occur in this polynomial.
  std::set<int> atoms() const;
  // The value, when no atom occurs in it.
  bool constant(HOST_WIDE_INT *value) const;
  // Whether this is Q * FACTOR for some polynomial Q with integer
  // coefficients, FACTOR being one monomial (`(rows - 1) * n * 8` of
  // `n * 8`).
  bool multiple_of(const Polynomial &factor) const;
  bool zero() const;

private:
  static Polynomial failed();
  bool shifted_non_negative(const std::set<int> &positive, bool all) const;
  static constexpr std::size_t kMaxDegree = 6;
  bool ok_ = true;
  std::map<std::vector<int>, HOST_WIDE_INT> terms_;
};

// A - B.
Polynomial difference(tree a, tree b);

// Whether A and B are the same polynomial in their atoms (sizes).
bool equal_sizes(tree a, tree b);

// A >= B, assuming the sizes in subscripts and loop bounds are not negative
// (when one is, these loops do not run).
bool at_least(tree a, tree b);

// A >= B where the sizes that make up STEP are at least 1 (a symbolic step
// of zero would leave the buffer no elements), the others at least 0:
// `(n - 1) * 8 >= 0` for a step of n * 8.
bool at_least_for_step(tree a, tree b, tree step);

} // namespace ferry

#endif
