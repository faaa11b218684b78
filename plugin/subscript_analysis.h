// Affine subscripts and the ownership proof of rule 2.
//
// Input: byte offsets into a buffer (GENERIC expressions over the loop
// variables and loop-invariant values) and the loop levels around them.
// Output: whether each iteration of the parallel loop nest touches only
// elements no other iteration touches, e.g. y[i], y[i*ld + j] over a
// collapsed j < ld, or the chunk y[c*i + k] for an inner loop k < c.
#ifndef FERRY_PLUGIN_SUBSCRIPT_ANALYSIS_H
#define FERRY_PLUGIN_SUBSCRIPT_ANALYSIS_H

#include "gcc_compat.h"
#include "kernel_model.h"

#include <vector>

namespace ferry {

// A loop variable the subscript may use: a parallel level, or a serial loop
// inside the body with its range.
struct IndexVariable {
  tree var = NULL_TREE;
  tree lower = NULL_TREE;
  tree bound = NULL_TREE; // exclusive
  bool parallel = false;
};

// sum(coefficient * var) + constant, all in bytes, in sizetype.
struct AffineOffset {
  bool affine = false;
  std::vector<std::pair<tree, tree>> terms; // (var, coefficient)
  tree constant = NULL_TREE;
};

// Decomposes OFFSET (bytes).  `affine` is false when it depends on the
// variables in a non-affine way (i*i, idx[i], i/2) or on values that change
// inside the loop.
AffineOffset affine_offset(tree offset,
                           const std::vector<IndexVariable> &variables);

// True when every iteration of the parallel levels accesses, through
// OFFSET with an access of ACCESS_SIZE bytes, only elements of ELEMENT_SIZE
// bytes that no other iteration accesses (the canonical form y[i]: no
// constant shift by whole elements).
bool is_owned_by_iteration(const AffineOffset &offset, tree element_size,
                           tree access_size,
                           const std::vector<IndexVariable> &variables);

// The same form (same terms, same constant): two accesses of one element.
bool same_offset(const AffineOffset &a, const AffineOffset &b);

} // namespace ferry

#endif
