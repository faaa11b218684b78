// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Transfer and launch counters behind the ferry-stats line.
//
// With FERRY_STATS=1 the runtime prints, once at exit, exactly
//   ferry-stats launches=N h2d_bytes=N h2d_copies=N d2h_bytes=N d2h_copies=N
//     faults=N
// (one line; faults: host accesses to guarded pages that ferry resolved)
// Tests parse that line, so its format is fixed.  Counters count transfers
// that really happen: none on the host, the runtime's own copies on the sim
// device, and the copies the OpenMP maps perform on a GPU.
#ifndef FERRY_RUNTIME_STATS_H
#define FERRY_RUNTIME_STATS_H

#include <cstdint>
#include <string>

namespace ferry::rt {

struct StatsSnapshot {
  std::uint64_t launches = 0;
  std::uint64_t h2d_bytes = 0;
  std::uint64_t h2d_copies = 0;
  std::uint64_t d2h_bytes = 0;
  std::uint64_t d2h_copies = 0;
  std::uint64_t faults = 0;
  std::uint64_t repeated_launches = 0; // not in the line: its own, below
  std::uint64_t launched_again = 0;    // likewise
  std::uint64_t clock_waits = 0;       // likewise
};

void count_launch();
// A launch whose buffers the resident policy took from its memory of
// launches that changed nothing (repeated_launches.h).  With FERRY_STATS=1,
// where any was, a line at exit after the ferry-pinned line:
//   ferry-repeated launches=N (...)
void count_repeated_launch();
// A launch made again from its call site's last (abi.h,
// __ferry_launch_again).  With FERRY_STATS=1, where any was, a line after
// that one:
//   ferry-launched-again launches=N (...)
void count_launch_again();
// A read of a wall clock that waited for the direct launches still running
// (hooks/clock_hooks.cc).  With FERRY_STATS=1, where any did, a line after
// the ferry-launched-again one:
//   ferry-clocks waits=N (...)
void count_clock_wait();
// One copy of BYTES of BUFFER (a parameter name); FERRY_TRACE=1 prints it.
void count_host_to_device(std::uint64_t bytes, const char *buffer);
void count_device_to_host(std::uint64_t bytes, const char *buffer);
// A host access to a guarded page, resolved (page_guard.h).
void count_fault();
// A resident buffer of BYTES that moved to another target, its copy on
// the one it left dropped (residency/transfers.h); PEER: by a copy
// between the two devices, not through the host.  With FERRY_STATS=1,
// where any did, a line at exit after the ferry-pinned line:
//   ferry-targets moves=N bytes=N peer=N
void count_target_move(std::uint64_t bytes, bool peer);

// Which path one launch of loop ENTRY of KERNEL took: the direct launch
// (WHY, if not empty, says how: a framed entry), or the OpenMP region
// because of WHY.  With FERRY_STATS=1 every entry gets a line at exit,
// after the ferry-stats line, with the first of each:
//   ferry-path KERNEL ENTRY direct=N[ (HOW)] omp=N[ (WHY)]
void count_path(const char *kernel, const char *entry, bool direct,
                const std::string &why);

// One run of the launch graph declared at WHERE (ferry::launch_graph),
// with LAUNCHES kernel launches: replayed as one CUDA graph, or launched
// one by one, because of WHY when that is more than its first run.  With
// FERRY_STATS=1 every graph gets a line at exit, with the first reason:
//   ferry-graph WHERE runs=N replayed=N launches=N[ (WHY)]
void count_graph_run(const std::string &where, std::uint64_t launches,
                     bool replayed, const std::string &why);

// A buffer's guarded pages page-locked for copies back by DMA (PINNED), or
// refused by the driver, HUGE_BYTES of them asked to be huge pages
// (page_guard.h, ask_huge_pages).  With FERRY_STATS=1, where any was
// tried, a line at exit after the ferry-path lines:
//   ferry-pinned buffers=N bytes=N refused=N huge_page_bytes=N
void count_pinning(std::uint64_t bytes, bool pinned, std::uint64_t huge_bytes);
// A line of the direct launcher's for the report at exit (FERRY_STATS=1),
// printed after the ferry-launched-again line, in the order they came:
// the NVIDIA launcher's ferry-module line (nvptx/module_report.h).
void count_launcher_line(const std::string &line);

// The program's offload images, which libgomp gets only before the first
// OpenMP construct that may need them (hooks/openmp_hooks.cc).  With
// FERRY_STATS=1, where the program registered any, a line at exit after
// the ferry-module lines, with the first WHY:
//   ferry-images registered=N given_to_libgomp=N[ (WHY)]
void count_image_registered();
void count_images_given(std::uint64_t images, const std::string &why);

// The program's own OpenMP constructs, as libgomp runs them (its target
// regions on GCC's path, data constructs, updates, enter and exit data;
// hooks/openmp_hooks.cc), and the wall-clock seconds the calling thread
// spent in each, waiting for the GPU included.  With FERRY_STATS=1, where
// any ran, a line at exit after the ferry-images line:
//   ferry-openmp regions=N region_ms=X data=N data_ms=X updates=N
//     update_ms=X enter_exit=N enter_exit_ms=X
enum class OpenmpConstruct { region, data, update, enter_exit };
void count_openmp_construct(OpenmpConstruct kind, bool begins, double seconds);

StatsSnapshot stats_snapshot();

// The ferry-stats line for S, without a newline.
std::string format_stats_line(const StatsSnapshot &s);

// Arranges, once, for the line to be printed at exit when FERRY_STATS is
// set.  Called when libferry is loaded, so a run without kernels reports too.
void enable_stats_report();

} // namespace ferry::rt

#endif
