// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Counts launches and transfers, and prints the ferry-stats line at exit.
#include "core/stats.h"

#include "core/settings.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace ferry::rt {

namespace {

struct Counters {
  std::atomic<std::uint64_t> launches{0};
  std::atomic<std::uint64_t> h2d_bytes{0};
  std::atomic<std::uint64_t> h2d_copies{0};
  std::atomic<std::uint64_t> d2h_bytes{0};
  std::atomic<std::uint64_t> d2h_copies{0};
  std::atomic<std::uint64_t> faults{0};
  std::atomic<std::uint64_t> repeated{0};
  std::atomic<std::uint64_t> again{0};
  std::atomic<std::uint64_t> clock_waits{0};
};

// Never destroyed: kernels may run from other static destructors.
Counters &counters() {
  static Counters *instance = new Counters;
  return *instance;
}

struct PathCount {
  std::string kernel;
  std::uint64_t direct = 0;
  std::uint64_t omp = 0;
  std::string why; // the first reason for the OpenMP path
  std::string how; // how the direct launches ran, if worth saying
};

struct GraphCount {
  std::uint64_t runs = 0;
  std::uint64_t replayed = 0;
  std::uint64_t launches = 0;
  std::string why; // the first reason a run was not replayed
};

struct Pinnings {
  std::uint64_t buffers = 0;
  std::uint64_t bytes = 0;
  std::uint64_t refused = 0;
  std::uint64_t huge_bytes = 0;
};

struct TargetMoves {
  std::uint64_t moves = 0;
  std::uint64_t bytes = 0;
  std::uint64_t peer = 0; // of the moves, those that did not pass the host
};

// Per OpenmpConstruct: how many began, and the seconds in libgomp.
struct OpenmpConstructs {
  std::uint64_t count[4] = {};
  double seconds[4] = {};
};

struct Paths {
  std::mutex mutex;
  OpenmpConstructs openmp;
  TargetMoves target_moves;
  std::map<std::string, PathCount> by_entry;
  std::map<std::string, GraphCount> graphs; // by where they are declared
  Pinnings pinnings;
  std::vector<std::string> launcher_lines;
  std::uint64_t images_registered = 0, images_given = 0;
  std::string why_images_given;
};

// Never destroyed, like the counters.
Paths &paths() {
  static Paths *instance = new Paths;
  return *instance;
}

// " (NOTE)", or nothing where NOTE is empty.
std::string in_parentheses(const std::string &note) {
  return note.empty() ? std::string() : " (" + note + ")";
}

// `ferry-WHAT launches=COUNT (MEANING)`, where there were any.
void print_launches(const char *what, std::uint64_t count,
                    const char *meaning) {
  if (count)
    std::fprintf(stderr, "ferry-%s launches=%llu (%s)\n", what,
                 static_cast<unsigned long long>(count), meaning);
}

void print_report() {
  std::string line = format_stats_line(stats_snapshot());
  std::fprintf(stderr, "%s\n", line.c_str());
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  for (const auto &[entry, count] : all.by_entry)
    std::fprintf(stderr, "ferry-path %s %s direct=%llu%s%s%s omp=%llu%s%s%s\n",
                 count.kernel.c_str(), entry.c_str(),
                 static_cast<unsigned long long>(count.direct),
                 count.how.empty() ? "" : " (", count.how.c_str(),
                 count.how.empty() ? "" : ")",
                 static_cast<unsigned long long>(count.omp),
                 count.why.empty() ? "" : " (", count.why.c_str(),
                 count.why.empty() ? "" : ")");
  for (const auto &[where, count] : all.graphs)
    std::fprintf(stderr,
                 "ferry-graph %s runs=%llu replayed=%llu launches=%llu%s%s%s\n",
                 where.c_str(), static_cast<unsigned long long>(count.runs),
                 static_cast<unsigned long long>(count.replayed),
                 static_cast<unsigned long long>(count.launches),
                 count.why.empty() ? "" : " (", count.why.c_str(),
                 count.why.empty() ? "" : ")");
  const Pinnings &pinnings = all.pinnings;
  if (pinnings.buffers || pinnings.refused)
    std::fprintf(stderr,
                 "ferry-pinned buffers=%llu bytes=%llu refused=%llu "
                 "huge_page_bytes=%llu\n",
                 static_cast<unsigned long long>(pinnings.buffers),
                 static_cast<unsigned long long>(pinnings.bytes),
                 static_cast<unsigned long long>(pinnings.refused),
                 static_cast<unsigned long long>(pinnings.huge_bytes));
  if (all.target_moves.moves)
    std::fprintf(stderr, "ferry-targets moves=%llu bytes=%llu peer=%llu\n",
                 static_cast<unsigned long long>(all.target_moves.moves),
                 static_cast<unsigned long long>(all.target_moves.bytes),
                 static_cast<unsigned long long>(all.target_moves.peer));
  const StatsSnapshot counts = stats_snapshot();
  print_launches("repeated", counts.repeated_launches,
                 "the buffers of a launch that changed nothing, on an "
                 "unchanged table");
  print_launches("launched-again", counts.launched_again,
                 "from what their call site kept of an earlier launch");
  if (counts.clock_waits)
    std::fprintf(stderr,
                 "ferry-clocks waits=%llu (reads of a wall clock that waited "
                 "for the direct launches still running)\n",
                 static_cast<unsigned long long>(counts.clock_waits));
  for (const std::string &line : all.launcher_lines)
    std::fprintf(stderr, "%s\n", line.c_str());
  if (all.images_registered != 0)
    std::fprintf(stderr,
                 "ferry-images registered=%llu given_to_libgomp=%llu%s\n",
                 static_cast<unsigned long long>(all.images_registered),
                 static_cast<unsigned long long>(all.images_given),
                 in_parentheses(all.why_images_given).c_str());
  const OpenmpConstructs &openmp = all.openmp;
  if (openmp.count[0] + openmp.count[1] + openmp.count[2] + openmp.count[3]) {
    static const char *const kNames[4][2] = {{"regions", "region_ms"},
                                             {"data", "data_ms"},
                                             {"updates", "update_ms"},
                                             {"enter_exit", "enter_exit_ms"}};
    std::string line = "ferry-openmp";
    for (int kind = 0; kind < 4; ++kind) {
      char part[96];
      std::snprintf(part, sizeof part, " %s=%llu %s=%.3f", kNames[kind][0],
                    static_cast<unsigned long long>(openmp.count[kind]),
                    kNames[kind][1], openmp.seconds[kind] * 1e3);
      line += part;
    }
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

} // namespace

void count_launch() {
  counters().launches.fetch_add(1, std::memory_order_relaxed);
}

void count_clock_wait() {
  counters().clock_waits.fetch_add(1, std::memory_order_relaxed);
}

void count_repeated_launch() {
  counters().repeated.fetch_add(1, std::memory_order_relaxed);
}

void count_launch_again() {
  counters().again.fetch_add(1, std::memory_order_relaxed);
}

void count_host_to_device(std::uint64_t bytes, const char *buffer) {
  counters().h2d_bytes.fetch_add(bytes, std::memory_order_relaxed);
  counters().h2d_copies.fetch_add(1, std::memory_order_relaxed);
  if (settings().trace)
    std::fprintf(stderr, "ferry-trace: to device   %12llu bytes of '%s'\n",
                 static_cast<unsigned long long>(bytes), buffer);
}

void count_device_to_host(std::uint64_t bytes, const char *buffer) {
  counters().d2h_bytes.fetch_add(bytes, std::memory_order_relaxed);
  counters().d2h_copies.fetch_add(1, std::memory_order_relaxed);
  if (settings().trace)
    std::fprintf(stderr, "ferry-trace: to host     %12llu bytes of '%s'\n",
                 static_cast<unsigned long long>(bytes), buffer);
}

void count_fault() {
  counters().faults.fetch_add(1, std::memory_order_relaxed);
  if (settings().trace)
    ::write(STDERR_FILENO, "ferry-trace: host access to a guarded page\n", 43);
}

void count_path(const char *kernel, const char *entry, bool direct,
                const std::string &why) {
  if (!settings().stats && !settings().trace)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  PathCount &count = all.by_entry[entry];
  // A launch that never returns (a kernel waiting at a barrier some of
  // its threads never reach) leaves no summary: the trace says at once
  // which path each entry's first launch took.
  if (settings().trace && count.direct + count.omp == 0)
    std::fprintf(stderr, "ferry-trace: %s takes the %s path%s%s\n", entry,
                 direct ? "direct" : "OpenMP", why.empty() ? "" : ": ",
                 why.c_str());
  count.kernel = kernel;
  if (direct) {
    ++count.direct;
    if (count.how.empty())
      count.how = why;
  } else {
    ++count.omp;
    if (count.why.empty())
      count.why = why;
  }
}

void count_graph_run(const std::string &where, std::uint64_t launches,
                     bool replayed, const std::string &why) {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  GraphCount &count = all.graphs[where];
  ++count.runs;
  count.replayed += replayed;
  count.launches += launches;
  if (count.why.empty())
    count.why = why;
}

void count_pinning(std::uint64_t bytes, bool pinned, std::uint64_t huge_bytes) {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  if (pinned) {
    ++all.pinnings.buffers;
    all.pinnings.bytes += bytes;
    all.pinnings.huge_bytes += huge_bytes;
  } else {
    ++all.pinnings.refused;
  }
}

void count_target_move(std::uint64_t bytes, bool peer) {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  ++all.target_moves.moves;
  all.target_moves.bytes += bytes;
  all.target_moves.peer += peer ? 1 : 0;
}

void count_launcher_line(const std::string &line) {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.launcher_lines.push_back(line);
}

void count_image_registered() {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  ++all.images_registered;
}

void count_images_given(std::uint64_t images, const std::string &why) {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  all.images_given += images;
  if (all.why_images_given.empty())
    all.why_images_given = why;
}

void count_openmp_construct(OpenmpConstruct kind, bool begins,
                            double seconds) {
  if (!settings().stats)
    return;
  Paths &all = paths();
  std::lock_guard<std::mutex> lock(all.mutex);
  const int index = static_cast<int>(kind);
  all.openmp.count[index] += begins ? 1 : 0;
  all.openmp.seconds[index] += seconds;
}

StatsSnapshot stats_snapshot() {
  const Counters &c = counters();
  StatsSnapshot s;
  s.launches = c.launches.load();
  s.h2d_bytes = c.h2d_bytes.load();
  s.h2d_copies = c.h2d_copies.load();
  s.d2h_bytes = c.d2h_bytes.load();
  s.d2h_copies = c.d2h_copies.load();
  s.faults = c.faults.load();
  s.repeated_launches = c.repeated.load();
  s.launched_again = c.again.load();
  s.clock_waits = c.clock_waits.load();
  return s;
}

std::string format_stats_line(const StatsSnapshot &s) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer,
                "ferry-stats launches=%llu h2d_bytes=%llu h2d_copies=%llu "
                "d2h_bytes=%llu d2h_copies=%llu faults=%llu",
                static_cast<unsigned long long>(s.launches),
                static_cast<unsigned long long>(s.h2d_bytes),
                static_cast<unsigned long long>(s.h2d_copies),
                static_cast<unsigned long long>(s.d2h_bytes),
                static_cast<unsigned long long>(s.d2h_copies),
                static_cast<unsigned long long>(s.faults));
  return buffer;
}

void enable_stats_report() {
  static std::once_flag registered;
  std::call_once(registered, [] {
    if (settings().stats)
      std::atexit(print_report);
  });
}

namespace {
// Registered at load time so that the report comes after the exit handlers
// of the program itself, which may still launch kernels.
[[gnu::constructor]] void register_stats_report_at_load() {
  enable_stats_report();
}
} // namespace

} // namespace ferry::rt
