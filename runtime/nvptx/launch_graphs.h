// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Launch graphs on NVIDIA: the kernels of a repeated piece of code (a time
// step) held back and replayed as one CUDA graph, where the program says so
// (ferry::launch_graph) and, by default, where libferry sees the sequence
// repeat by itself.
//
// Declared runs.  From begin_run to end_run, the direct launches made on
// the run's thread are held (hold) instead of launched.  At the end of a
// run whose launches are those of the graph's last run -- the same
// functions and grids in the same order -- they go to the GPU as one CUDA
// graph (cuGraphLaunch): one call instead of one per kernel, and shorter
// gaps between the kernels on the GPU.  The graph is instantiated the
// first time a run repeats; a later run whose parameters differ (another
// scalar, a moved buffer) sets those nodes' parameters anew.  Any other
// run launches its kernels one by one, as without a graph, and becomes
// what the next run is compared with.
//
// Automatic runs (FERRY_AUTO_GRAPHS, on by default).  Outside declared
// runs, every launch's shape (function and grid) is followed: once the
// last launches are one sequence of at most kMaxPeriod shapes three times
// over, each later launch that continues it is held, in runs of at least
// kMinAutomaticRun launches (whole sequences).  A run ends as a declared
// one does, replayed where a run of the same place in the sequence and
// length came before; anything that submits held launches ends it early,
// and a launch that does not continue the sequence ends it and forgets the
// sequence.  Holding must not keep the GPU idle while the host works: when
// the host takes longer than kHostWorkGap between two launches of a run,
// the run ends and the sequence's launches are no longer held.  A program
// that takes ferry::device_pointer may work on the GPU where ferry cannot
// see it, at any time: automatic runs stop for good
// (stop_automatic_runs).
//
// Holding a launch back delays it and changes nothing else: whatever could
// see its effects or must come after it -- a copy either way, a wait, a
// reduction's result, an OpenMP construct, ferry::device_pointer for a
// vendor library, a launch from another thread, the program's end --
// first submits what is held (submit_held), and a declared run then ends
// without a graph; before the run's first kernel it costs nothing.  A
// launch whose result the host waits for (a reduction) is never held.
// Everything goes to the legacy default stream, in program order.
#ifndef FERRY_RUNTIME_NVPTX_LAUNCH_GRAPHS_H
#define FERRY_RUNTIME_NVPTX_LAUNCH_GRAPHS_H

#include "nvptx/cuda_driver.h"
#include "nvptx/launch_geometry.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace ferry::rt::nvptx {

// What a graph node fixes of a launch: its function and grid.
struct LaunchShape {
  CUfunction function = nullptr;
  unsigned grid[3] = {};
  unsigned block[3] = {};

  static LaunchShape of(CUfunction function, const Geometry &geometry);
  bool operator==(const LaunchShape &other) const;
  bool operator!=(const LaunchShape &other) const { return !(*this == other); }
};

// One launch, with a copy of its parameters' values.
struct HeldLaunch {
  LaunchShape shape;
  std::vector<unsigned char> values; // each parameter at a multiple of 8
  std::vector<std::size_t> offsets;  // where each parameter starts
  std::vector<void *> pointers;      // to each parameter, for the driver

  void set(CUfunction launched, const Geometry &geometry,
           void *const *parameters, const std::vector<std::size_t> &sizes);
  // The same function over the same grid: a graph node that can take the
  // other's parameters.
  bool same_kernel(const HeldLaunch &other) const;
  KernelNodeParams node();
};

class LaunchGraphs {
public:
  // The state of one ferry::launch_graph.
  struct Graph {
    std::string where; // file:line of the graph's declaration
    std::vector<HeldLaunch> last_run;
    CUgraph graph = nullptr;
    CUgraphExec exec = nullptr; // holds last_run's launches when set
    std::vector<CUgraphNode> nodes;
  };

  // Sequences of at most this many launches are found by themselves.
  static constexpr std::size_t kMaxPeriod = 32;
  static constexpr std::size_t kMinAutomaticRun = 16;
  static constexpr std::chrono::microseconds kHostWorkGap{50};

  // AUTOMATIC: whether repeated sequences are found and replayed.
  LaunchGraphs(const Driver &driver, bool automatic,
               std::chrono::microseconds host_work_gap = kHostWorkGap)
      : driver_(driver), automatic_(automatic), host_work_gap_(host_work_gap) {}

  Graph *create(const char *where) { return new Graph{where, {}, {}, {}, {}}; }
  void destroy(Graph *graph);

  // A run of GRAPH on this thread.  A run opened inside another run (of
  // the same or another graph) is part of the outer one.
  void begin_run(Graph *graph);
  void end_run(Graph *graph);

  // Whether the launch of FUNCTION over GEOMETRY about to be made is to
  // be held (then hold() it).  MAY_HOLD false -- a reduction's launch,
  // before which the launcher submitted what is held -- is never held,
  // and still counts in the sequence that automatic runs follow.  A launch
  // from a thread other than the open run's first submits what is held.
  bool holds_launch(CUfunction function, const Geometry &geometry,
                    bool may_hold);
  // Holds a launch of FUNCTION over GEOMETRY whose parameters have SIZES;
  // false, after submitting what is held, when SIZES do not say how to
  // copy them.
  bool hold(CUfunction function, const Geometry &geometry,
            void *const *parameters, std::size_t count,
            const std::vector<std::size_t> &sizes);
  // Launches what is held now; a declared run then ends without a graph
  // because of WHY (with nothing held yet, it goes on as it was), and an
  // automatic run ends as at its length.
  void submit_held(const char *why);
  // No automatic run from now on (work on the device that ferry does not
  // see could come between a held launch and its replay).
  void stop_automatic_runs();
  // Whether a run is open: only then can anything be held.
  bool run_open() const { return open_.load(std::memory_order_acquire); }

private:
  bool holds_next_declared_launch();
  // Follows the automatic sequence with the launch of SHAPE, FAR_APART from
  // the one before; whether to hold it.
  bool follow_sequence(const LaunchShape &shape, bool may_hold, bool far_apart);
  void note_launch(const LaunchShape &shape);
  void begin_automatic_run(std::size_t phase);
  void end_automatic_run();
  void forget_sequence();
  // Submits the held launches of a run of ENDED: replayed where they are
  // its last run's kernels, else one by one, and then its last run; true
  // when replayed, else *WHY says why where there was a last run.
  bool submit_run(Graph &ended, std::string *why);
  void launch_one_by_one(std::size_t count, const char *where);
  void replay(Graph &graph);
  void instantiate(Graph &graph);
  void forget_instance(Graph &graph);

  const Driver &driver_;
  bool automatic_;
  const std::chrono::microseconds host_work_gap_;
  std::atomic<bool> open_{false};
  Graph *graph_ = nullptr; // of the open declared run
  int depth_ = 0;          // runs opened inside it
  std::thread::id thread_;
  std::string interrupted_; // why the open declared run launches one by one
  std::vector<HeldLaunch> held_;
  std::size_t held_count_ = 0;

  // Automatic runs.  recent_[n % kMaxPeriod] is the shape of launch n of
  // those followed; streaks_[p] counts the last launches in a row that
  // were each the same as the one p launches before.
  std::vector<LaunchShape> recent_ = std::vector<LaunchShape>(kMaxPeriod);
  std::size_t followed_ = 0;
  std::size_t streaks_[kMaxPeriod + 1] = {};
  std::vector<LaunchShape> sequence_; // found: what repeats
  std::size_t phase_ = 0;             // sequence_[phase_] comes next
  std::thread::id sequence_thread_;
  bool sequence_not_held_ = false; // its launches go one by one again
  std::chrono::steady_clock::time_point last_launch_;
  bool automatic_run_ = false; // the open run is automatic
  std::size_t run_phase_ = 0;  // where in the sequence it began
  std::size_t run_length_ = 0; // launches it holds at most
  // By where in the sequence a run began and how many launches it held.
  std::map<std::pair<std::size_t, std::size_t>, Graph> automatic_graphs_;
};

} // namespace ferry::rt::nvptx

#endif
