// SPDX-License-Identifier: GPL-3.0-or-later
// The `out` and `scratch` contract: an element is read only after the same
// iteration has written it, and an `out` buffer is written whole.
//
// Input: as the ownership check walks one iteration of a parallel loop in
// source order, the writes it makes on every path (not under a condition,
// not after a `continue`), the reads of tracked buffers, and the inner
// loops as they close.  Output: whether each read is of bytes written
// before it, and what the writes cover over all iterations
// (write_coverage in subscript_analysis.h).
#ifndef FERRY_PLUGIN_DEFINITE_WRITES_H
#define FERRY_PLUGIN_DEFINITE_WRITES_H

#include "subscript_analysis.h"

#include <vector>

namespace ferry {

class DefiniteWrites {
public:
  // The writes made so far, per buffer index: a snapshot for branches.
  using State = std::vector<std::vector<ByteSpan>>;

  explicit DefiniteWrites(std::size_t buffers)
      : tracked_(buffers, false), writes_(buffers) {}

  // Buffer INDEX needs the proof in this loop.
  void track(unsigned index) { tracked_[index] = true; }
  bool tracked(unsigned index) const { return tracked_[index]; }

  // A write of buffer INDEX that happens on every path from here on.
  void add(unsigned index, const ByteSpan &write);

  // Whether READ of buffer INDEX lies inside bytes written before it.
  bool covers(unsigned index, ByteSpan read,
              const std::vector<IndexVariable> &variables) const;

  // The inner loop over V has ended: its writes now stand for all of V's
  // range, where they cover it densely; the others are dropped.
  void close_loop(const IndexVariable &v,
                  const std::vector<IndexVariable> &variables);

  // Branches: what both arms of an `if` write was written on every path.
  State save() const { return writes_; }
  void restore(State state) { writes_ = std::move(state); }
  void keep_common(const State &other_arm);

  const std::vector<ByteSpan> &writes(unsigned index) const {
    return writes_[index];
  }

private:
  std::vector<bool> tracked_;
  State writes_;
};

} // namespace ferry

#endif
