// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Launch geometry: how many teams and threads a target region gets.
//
// GCC's nvptx OpenMP runs each OpenMP thread as one warp (32 lanes, all
// busy in a simd loop), so ferry counts GPU threads like CUDA does and
// converts: thread_limit = GPU threads / 32.  The default comes from the
// trip count (doc/user-guide.md, "Launch geometry"; measured in
// doc/gpu-results.md); [[ferry::kernel(teams(N), threads(N))]] fixes it, and
// FERRY_GEOMETRY=TEAMSxTHREADS overrides both for experiments.
#ifndef FERRY_RUNTIME_GEOMETRY_H
#define FERRY_RUNTIME_GEOMETRY_H

#include <cstdint>

namespace ferry::rt {

class Device;

struct Geometry {
  int teams = 1;        // num_teams
  int thread_limit = 1; // OpenMP threads per team (warps on nvptx)
};

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
Geometry gpu_geometry(std::uint64_t trip_count, int requested_teams,
                      int requested_gpu_threads, bool inner_loops = false);

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

// Parses "TEAMSxTHREADS" (GPU threads), as FERRY_GEOMETRY holds it.
bool parse_geometry(const char *text, int *teams, int *gpu_threads);

} // namespace ferry::rt

#endif
