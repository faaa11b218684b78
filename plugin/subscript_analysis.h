// SPDX-License-Identifier: GPL-3.0-or-later
// Affine subscripts and the ownership proof of rule 2.
//
// Input: byte offsets into a buffer (GENERIC expressions over the loop
// variables and loop-invariant values) and the loop levels around them.
// Output: whether each iteration of the parallel loop nest touches only
// elements no other iteration touches, e.g. y[i], y[i*ld + j] over a
// collapsed j < ld, the chunk y[c*i + k] for an inner loop k < c, a flat
// index split into digits (y[id / 3][id % 3]), or a column y[ij + k*xy]
// walked by an inner loop over k.
#ifndef FERRY_PLUGIN_SUBSCRIPT_ANALYSIS_H
#define FERRY_PLUGIN_SUBSCRIPT_ANALYSIS_H

#include "gcc_compat.h"
#include "kernel_model.h"
#include "size_polynomials.h"

#include <set>
#include <vector>

namespace ferry {

// A loop variable the subscript may use, with its range: a parallel level
// of the kernel's loop (kernel_model.h), or a serial loop inside the body.
struct IndexVariable : LoopLevel {
  bool parallel = false;
};

// sum(coefficient * var) + constant, all in bytes, in sizetype.
struct AffineOffset {
  bool affine = false;
  std::vector<std::pair<tree, tree>> terms; // (var, coefficient)
  tree constant = NULL_TREE;
};

// Loop-invariant: no variable of VARS, no local of the loop body, and no
// memory read or call whose value could differ between iterations.  Locals
// and memory count as changing unless UNCHANGED holds them: the locals of
// the function around the loop that the loop never assigns, and the
// pointers to memory it never writes (reads through them keep their
// values).
bool is_invariant(tree expression, const std::vector<IndexVariable> &vars,
                  const std::set<tree> *unchanged = nullptr);

// The coefficient (bytes per step) of VAR in FORM; NULL_TREE when VAR does
// not move it.
tree coefficient_of(const AffineOffset &form, tree var);

// Decomposes OFFSET (bytes).  `affine` is false when it depends on the
// variables in a non-affine way (i*i, idx[i], i/2) or on values that change
// inside the loop.  UNCHANGED as for is_invariant().
AffineOffset affine_offset(tree offset,
                           const std::vector<IndexVariable> &variables,
                           const std::set<tree> *unchanged = nullptr);

// Why an access is not owned by its iteration, for the diagnostic.
struct OwnershipFailure {
  enum Kind {
    none,
    not_affine,       // idx[i], i*i, a value that changes in the loop
    shifted,          // y[i + 1]: another iteration's element
    missing_index,    // a parallel loop variable does not move the access
    stride_too_small, // y[i*ld + j] where j's range may exceed ld
    serial_outside,   // an inner loop strides across other iterations' data
    decreasing        // y[n - 1 - i]: the subscript falls as a variable grows
  } kind = none;
  tree variable = NULL_TREE;       // the variable concerned
  tree inner_variable = NULL_TREE; // for stride_too_small: the inner one
};

// Whether every iteration of the parallel levels accesses, through OFFSET
// with an access of ACCESS_SIZE bytes, only the span it owns: from its
// parallel terms plus SPAN_START (the same for every access of the
// buffer) up to the smallest parallel step (ELEMENT_SIZE bytes when that
// step is symbolic), with the serial variables over their ranges.
// Each access alone; same_parallel_terms() relates the accesses of one
// buffer.  *FAILURE says why not.
// With STRIDED, an inner loop's variable may also step above the parallel
// ones (a walk down a column: y[ij + k * xy] over ij < xy) where the span
// starts at 0: the iteration then owns a strided set of elements, the
// whole form is one-to-one, and *STRIDED says so: the caller must see
// that every access of the buffer has that same form.
bool is_owned_by_iteration(const AffineOffset &offset, tree element_size,
                           tree access_size, tree span_start,
                           const std::vector<IndexVariable> &variables,
                           OwnershipFailure *failure, bool *strided = nullptr);

// Rows of one parallel loop: an iteration over i < n may own the same
// place in other rows, whole multiples of the loop's sweep (n elements, or
// a row of at least n elements) from SPAN_START, as a grid's boundary loop
// writes its first and last rows (y[i], y[(rows - 1) * n + i]): no other
// iteration reaches them.  In a collapsed nest the sweep is the outermost
// variable's, whose step covers the others' ranges (a structure of arrays
// over k < nz, i < nx: flux[v * nz * nx + k * nx + i]).  Rows further
// apart than the sweep but not a multiple of it are the iteration's too
// when OTHERS, the constants of the buffer's other accesses, each lie a
// sweep or more away (or at OFFSET's own).  When OFFSET is such a row's,
// *SHIFTED is OFFSET moved back onto SPAN_START, for
// is_owned_by_iteration().
bool shift_to_owned_row(const AffineOffset &offset, tree span_start,
                        const std::vector<IndexVariable> &variables,
                        const std::vector<tree> &others,
                        AffineOffset *shifted);

// Whether A and B move alike with the parallel loop variables (equal
// coefficients).  Two accesses that each pass is_owned_by_iteration and do
// so stay within the span their iteration owns; y[i] and y[2 * i] each
// pass alone, but iteration 2's y[i] is iteration 1's y[2 * i].
bool same_parallel_terms(const AffineOffset &a, const AffineOffset &b,
                         const std::vector<IndexVariable> &variables);

// The same form (same terms, same constant): two accesses of one element.
bool same_offset(const AffineOffset &a, const AffineOffset &b);

// SIZE bytes at OFFSET: one access, or, widened over inner loops, the bytes
// a set of accesses reaches.
struct ByteSpan {
  AffineOffset offset;
  tree size = NULL_TREE;
  location_t location = UNKNOWN_LOCATION;
};

// Removes the serial variable V from SPAN by taking in the bytes it reaches
// over V's whole range.  EXACT: only when every byte of the result is
// accessed (V's step is the span's size and V's range does not depend on
// other loop variables), for writes that must cover; otherwise any
// superset, for reads.  False when it cannot be done.
bool widen_over(ByteSpan *span, const IndexVariable &v,
                const std::vector<IndexVariable> &variables, bool exact);

// Whether INNER lies inside OUTER for every value of the loop variables.
bool span_contains(const ByteSpan &outer, const ByteSpan &inner);

// What the writes one iteration makes on every path cover, over all
// iterations of the parallel levels, compared with the buffer's length.
struct Coverage {
  enum Kind {
    whole,        // exactly [0, length)
    gaps_inside,  // an iteration's writes leave bytes between them
    gaps_between, // iterations' spans do not meet (y[2 * i] alone)
    range_differs // dense, but [first, end) is not [0, length)
  } kind = gaps_inside;
  // For range_differs: where the writes start, in elements, and how far
  // their end is from the length (negative: short of it), when constant.
  bool first_known = false, end_known = false;
  HOST_WIDE_INT first = 0, end_minus_length = 0;
};
Coverage write_coverage(const std::vector<ByteSpan> &writes, tree element_size,
                        tree length,
                        const std::vector<IndexVariable> &variables);

} // namespace ferry

#endif
