// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// How many teams and threads an OpenMP target region gets on an NVIDIA
// GPU (the CUDA launcher's Launcher::region_geometry).
//
// GCC's nvptx OpenMP runs each OpenMP thread as one warp (32 lanes, all
// busy in a simd loop), so ferry counts GPU threads like CUDA does and
// converts: thread_limit = GPU threads / 32.  The default comes from the
// trip count (doc/user-guide.md, "Launch geometry"; measured in
// doc/gpu-results.md).
#ifndef FERRY_RUNTIME_NVPTX_REGION_GEOMETRY_H
#define FERRY_RUNTIME_NVPTX_REGION_GEOMETRY_H

#include "devices/launcher.h"

#include <cstdint>

namespace ferry::rt::nvptx {

// The default GPU threads per team, and how many iterations each GPU thread
// should get before another team is added.
// Measured on the H200 (doc/gpu-results-2026-11.md, "Launch geometry", and
// doc/performance.md): libgomp's cost grows with the number of teams (about
// 4 us each), so fewer, larger teams win.  512 GPU threads and at most two
// teams per multiprocessor of an H200 (132) were best or near best for a
// stream, a 2-D stencil and a reduction at 2^25 elements; at 10^6, 33 teams
// were 3x faster than 264, hence 64 iterations per GPU thread.
constexpr int kDefaultGpuThreads = 512;
constexpr int kIterationsPerGpuThread = 64;
// Iterations that run loops of their own (GEMM, LTIMES) are compute, not
// launch cost: they need the whole GPU sooner.
constexpr int kLongIterationsPerGpuThread = 4;
constexpr int kMaxTeams = 264;

// The geometry for a region on an offload device; INNER_LOOPS: each
// iteration runs loops of its own.
RegionGeometry gpu_geometry(std::uint64_t trip_count, int requested_teams,
                            int requested_gpu_threads,
                            bool inner_loops = false);

} // namespace ferry::rt::nvptx

#endif
