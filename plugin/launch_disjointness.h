// SPDX-License-Identifier: GPL-3.0-or-later
// Rule 2 left to the launch, for a buffer that a loop writes and reads at
// elements whose disjointness depends on the parameters' values: an
// in-place halo copy (buffer[row + h - 1 - k] = buffer[row + h + k], apart
// while k < h and the row is longer than 2 h), a row stride the loop
// never compares with its inner range.
//
// Input: the affine accesses of one borrow_mut buffer in one loop, the
// loop's variables, and a test of what can be computed before the launch.
// Output: the values __ferry_launch_disjoint takes (runtime/abi.h), as
// expressions of the kernel's parameters; libferry enumerates or bounds
// the accesses with the launch's values and stops the program, naming the
// loop and the element, on the first overlap (runtime/launch/disjoint_check.h).
//
// Accesses that race for every size stay compile-time errors: a read at
// a fixed shift from the write (y[i] = y[i - 1], u[(i - 1)*m + j]), a read
// of the write's own image through another order of the iterations
// (y[n - 1 - i] = y[i], the in-place transpose a[i*n + j] = a[j*n + i]),
// steps that are all numbers (y[i] = y[2 * i], which the compile-time
// proof decides), a write that a parallel variable does not move or whose
// steps and size are numbers, and two different writes.
#ifndef FERRY_PLUGIN_LAUNCH_DISJOINTNESS_H
#define FERRY_PLUGIN_LAUNCH_DISJOINTNESS_H

#include "gcc_compat.h"
#include "kernel_model.h"
#include "subscript_analysis.h"

#include <functional>
#include <vector>

namespace ferry {

struct LaunchAccess {
  AffineOffset offset;
  tree size = NULL_TREE; // bytes
  bool write = false;
  location_t location = UNKNOWN_LOCATION;
};

struct DisjointCheck {
  const BufferParam *buffer = nullptr;
  location_t location = UNKNOWN_LOCATION; // the loop
  unsigned nvars = 0, nforms = 0;
  std::vector<tree> values; // long long, in the ABI's order
};

// Fills *CHECK and returns true when the accesses of BUFFER can be left to
// the launch; false when they race whatever the values, or when a value
// cannot be computed before the launch (COMPUTABLE says which can).
bool leave_to_launch(const BufferParam &buffer, location_t loop,
                     const std::vector<LaunchAccess> &accesses,
                     const std::vector<IndexVariable> &variables,
                     const std::function<bool(tree)> &computable,
                     DisjointCheck *check);

} // namespace ferry

#endif
