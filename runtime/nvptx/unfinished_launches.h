// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// What the CUDA launcher (cuda_launch.cc) has launched since its last
// wait: whether anything, which any thread's clock read asks
// (Launcher::clock_read_waits, hooks/clock_hooks.cc), and the first call
// sites, which a failed wait names: a kernel's fault (an illegal address)
// shows at the next wait, and that may be a clock read far from its call.
// A launch notes its call by comparing a few pointers, never building a
// string on the launch path.
#ifndef FERRY_RUNTIME_NVPTX_UNFINISHED_LAUNCHES_H
#define FERRY_RUNTIME_NVPTX_UNFINISHED_LAUNCHES_H

#include <atomic>
#include <cstddef>
#include <string>
#include <vector>

namespace ferry::rt::nvptx {

class UnfinishedLaunches {
public:
  // A kernel went to the GPU, or was held for a launch graph.  Under the
  // launcher's lock.
  void launched() { any_.store(true, std::memory_order_relaxed); }
  // The launch about to be made calls KERNEL, which the program calls at
  // FILE:LINE.  Under the launcher's lock.
  void name_call(const char *kernel, const char *file, unsigned line);
  // The launcher waited for everything launched.  Under its lock.
  void waited();
  // Whether something was launched since; any thread.
  bool any() const { return any_.load(std::memory_order_relaxed); }
  // SUBJECT, and the call sites launched since the last wait where there
  // are any: "the launched kernels (launched since the last wait: md at
  // main.cpp:61, ...)".  Under the launcher's lock.
  std::string name(const char *subject) const;

private:
  struct Call {
    const char *kernel, *file;
    unsigned line;
  };
  static constexpr std::size_t kCallsNamed = 4;
  std::atomic<bool> any_{false};
  std::vector<Call> calls_;
};

} // namespace ferry::rt::nvptx

#endif
