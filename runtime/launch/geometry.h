// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Launch geometry: how many teams and threads a target region gets
// (abi.h, __ferry_launch_geometry).  On a GPU the target's launcher
// decides, as its vendor's OpenMP runs a team's threads
// (Launcher::region_geometry; NVIDIA's in nvptx/region_geometry.h);
// [[ferry::kernel(teams(N), threads(N))]] fixes it, and
// FERRY_GEOMETRY=TEAMSxTHREADS overrides both for experiments.  In
// libgomp's host fallback (the host and the sim device) it is decided
// here.
#ifndef FERRY_RUNTIME_GEOMETRY_H
#define FERRY_RUNTIME_GEOMETRY_H

#include <cstdint>

namespace ferry::rt {

class Device;

// The threads of a region of TRIP_COUNT iterations in libgomp's host
// fallback on DEVICE (the host or the sim device).  libgomp starts a team
// for each such region and stops it after, and its threads spin at the
// region's barriers before they sleep (GOMP_SPINCOUNT: 300,000 turns
// unless OMP_WAIT_POLICY says otherwise): on a loaded host, where a thread
// waits for a CPU, the others spun and a launch cost tens of
// milliseconds.  The sim device, which is there to show what moves, runs
// its regions on one thread, so that no thread of a launch waits for
// another.  The host device takes a thread per kIterationsPerHostThread
// iterations (INNER_LOOPS: kLongIterationsPerHostThread), up to the usual
// OpenMP threads and at most one per CPU the process may run on
// (OMP_NUM_THREADS=5000 started 5000 threads for each launch): starting a
// thread costs about what so many iterations do.
constexpr std::uint64_t kIterationsPerHostThread = 1 << 15;
constexpr std::uint64_t kLongIterationsPerHostThread = 64;
int host_fallback_threads(const Device &device, std::uint64_t trip_count,
                          bool inner_loops);

} // namespace ferry::rt

#endif
