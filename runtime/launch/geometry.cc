// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See geometry.h.
#include "launch/geometry.h"

#include "abi.h"
#include "core/settings.h"
#include "devices/device.h"
#include "runtime.h"

#include <omp.h>

#include <sched.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace ferry::rt {

namespace {

constexpr int kWarp = 32;

int warps_for(int gpu_threads) {
  return std::max(1, (gpu_threads + kWarp - 1) / kWarp);
}

} // namespace

Geometry gpu_geometry(std::uint64_t trip_count, int requested_teams,
                      int requested_gpu_threads, bool inner_loops) {
  Geometry geometry;
  const int gpu_threads =
      requested_gpu_threads > 0 ? requested_gpu_threads : kDefaultGpuThreads;
  geometry.thread_limit = warps_for(gpu_threads);
  if (requested_teams > 0) {
    geometry.teams = requested_teams;
    return geometry;
  }
  const std::uint64_t per_team =
      std::uint64_t(geometry.thread_limit) * kWarp *
      (inner_loops ? kLongIterationsPerGpuThread : kIterationsPerGpuThread);
  // Rounded up without overflowing for the largest trip counts.
  const std::uint64_t teams =
      trip_count / per_team + (trip_count % per_team != 0);
  geometry.teams = int(std::clamp<std::uint64_t>(teams, 1, kMaxTeams));
  return geometry;
}

bool parse_geometry(const char *text, int *teams, int *gpu_threads) {
  char *end = nullptr;
  long t = std::strtol(text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    return false;
  const char *second = end + 1;
  long g = std::strtol(second, &end, 10);
  if (end == second || *end != '\0' || t <= 0 || g <= 0 || t > 1 << 20 ||
      g > 1024)
    return false;
  *teams = int(t);
  *gpu_threads = int(g);
  return true;
}

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

using namespace ferry::rt;

extern "C" unsigned long long
__ferry_launch_geometry(unsigned long long trip_count, int requested_teams,
                        int requested_threads, unsigned flags) {
  Geometry geometry;
  const Device &device = current_device();
  if (device.runs_regions_on_host()) {
    geometry.teams = 1;
    geometry.thread_limit = host_fallback_threads(
        device, trip_count, (flags & FERRY_REGION_INNER_LOOPS) != 0);
  } else {
    const Settings &s = settings();
    if (s.geometry_teams > 0) {
      requested_teams = s.geometry_teams;
      requested_threads = s.geometry_gpu_threads;
    }
    geometry = gpu_geometry(trip_count, requested_teams, requested_threads,
                            (flags & FERRY_REGION_INNER_LOOPS) != 0);
  }
  return (static_cast<unsigned long long>(geometry.teams) << 32) |
         static_cast<unsigned>(geometry.thread_limit);
}
