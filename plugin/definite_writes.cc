// SPDX-License-Identifier: GPL-3.0-or-later
// See definite_writes.h.
#include "definite_writes.h"

#include <algorithm>

namespace ferry {

void DefiniteWrites::add(unsigned index, const ByteSpan &write) {
  if (tracked_[index] && write.offset.affine)
    writes_[index].push_back(write);
}

bool DefiniteWrites::covers(unsigned index, ByteSpan read,
                            const std::vector<IndexVariable> &variables) const {
  const std::vector<ByteSpan> &written = writes_[index];
  auto inside = [&](const ByteSpan &span) {
    return std::any_of(written.begin(), written.end(),
                       [&](const ByteSpan &w) { return span_contains(w, span); });
  };
  if (!read.offset.affine)
    return false;
  if (inside(read))
    return true;
  // A read in a later inner loop of what an earlier one wrote: all the
  // bytes the read can reach must be written.
  for (const IndexVariable &v : variables)
    if (!v.parallel && !widen_over(&read, v, variables, /*exact=*/false))
      return false;
  return inside(read);
}

void DefiniteWrites::close_loop(const IndexVariable &v,
                                const std::vector<IndexVariable> &variables) {
  for (std::vector<ByteSpan> &written : writes_)
    written.erase(std::remove_if(written.begin(), written.end(),
                                 [&](ByteSpan &w) {
                                   return !widen_over(&w, v, variables,
                                                      /*exact=*/true);
                                 }),
                  written.end());
}

void DefiniteWrites::keep_common(const State &other_arm) {
  for (std::size_t i = 0; i < writes_.size(); ++i) {
    const std::vector<ByteSpan> &other = other_arm[i];
    writes_[i].erase(
        std::remove_if(writes_[i].begin(), writes_[i].end(),
                       [&](const ByteSpan &w) {
                         return std::none_of(
                             other.begin(), other.end(),
                             [&](const ByteSpan &o) {
                               return span_contains(o, w) &&
                                      span_contains(w, o);
                             });
                       }),
        writes_[i].end());
  }
}

} // namespace ferry
