// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See geometry.h.
#include "launch/geometry.h"

#include "devices/device.h"

#include <omp.h>

#include <sched.h>

#include <algorithm>
#include <cstdlib>

namespace ferry::rt {

int host_fallback_threads(const Device &device, std::uint64_t trip_count,
                          bool inner_loops) {
  if (device.has_separate_memory())
    return 1; // the sim device
  static const int cpus = [] {
    cpu_set_t allowed;
    return sched_getaffinity(0, sizeof allowed, &allowed) == 0
               ? std::max(1, CPU_COUNT(&allowed))
               : std::max(1, omp_get_num_procs());
  }();
  const std::uint64_t per_thread =
      inner_loops ? kLongIterationsPerHostThread : kIterationsPerHostThread;
  const std::uint64_t worth = trip_count / per_thread + 1;
  return static_cast<int>(std::min<std::uint64_t>(
      worth, std::clamp(omp_get_max_threads(), 1, cpus)));
}

} // namespace ferry::rt
