// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See region_geometry.h.
#include "nvptx/region_geometry.h"

#include <algorithm>

namespace ferry::rt::nvptx {

namespace {

constexpr int kWarp = 32;

int warps_for(int gpu_threads) {
  return std::max(1, (gpu_threads + kWarp - 1) / kWarp);
}

} // namespace

RegionGeometry gpu_geometry(std::uint64_t trip_count, int requested_teams,
                            int requested_gpu_threads, bool inner_loops) {
  RegionGeometry geometry;
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

} // namespace ferry::rt::nvptx
