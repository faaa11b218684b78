// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See unfinished_launches.h.
#include "nvptx/unfinished_launches.h"

#include <algorithm>

namespace ferry::rt::nvptx {

void UnfinishedLaunches::name_call(const char *kernel, const char *file,
                                   unsigned line) {
  if (!kernel || calls_.size() == kCallsNamed)
    return;
  const bool named =
      std::any_of(calls_.begin(), calls_.end(), [&](const Call &call) {
        return call.kernel == kernel && call.file == file && call.line == line;
      });
  if (!named)
    calls_.push_back({kernel, file, line});
}

void UnfinishedLaunches::waited() {
  any_.store(false, std::memory_order_relaxed);
  calls_.clear();
}

std::string UnfinishedLaunches::name(const char *subject) const {
  std::string named = subject;
  if (calls_.empty())
    return named;
  named += " (launched since the last wait:";
  for (const Call &call : calls_)
    named += std::string(&call == calls_.data() ? " " : ", ") + call.kernel +
             " at " + (call.file ? call.file : "?") + ":" +
             std::to_string(call.line);
  return named + (calls_.size() == kCallsNamed ? ", ...)" : ")");
}

} // namespace ferry::rt::nvptx
