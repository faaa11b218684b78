// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// ferry::launch_graph on NVIDIA: the kernels one run of a repeated piece
// of code (a time step) launches, held back and replayed as one CUDA graph.
//
// From begin_run to end_run, the direct launches made on the run's thread
// are held (hold) instead of launched.  At the end of a run whose launches
// are those of the graph's last run -- the same functions and grids in the
// same order -- they go to the GPU as one CUDA graph (cuGraphLaunch): one
// call instead of one per kernel, and shorter gaps between the kernels on
// the GPU.  The graph is instantiated the first time a run repeats; a
// later run whose parameters differ (another scalar, a moved buffer) sets
// those nodes' parameters anew.  Any other run launches its kernels one by
// one, as without a graph, and becomes what the next run is compared with.
//
// Holding a launch back delays it and changes nothing else: whatever could
// see its effects or must come after it -- a copy either way, a wait, a
// reduction's result, an OpenMP construct, ferry::device_pointer for a
// vendor library, a launch from another thread -- first submits what is
// held (submit_held), and the run then ends without a graph; before the
// run's first kernel it costs nothing.  A launch whose result the host
// waits for (a reduction) is never held.  Everything goes to the legacy
// default stream, in program order.
#ifndef FERRY_RUNTIME_NVPTX_LAUNCH_GRAPHS_H
#define FERRY_RUNTIME_NVPTX_LAUNCH_GRAPHS_H

#include "nvptx/cuda_driver.h"
#include "nvptx/launch_geometry.h"

#include <atomic>
#include <cstddef>
#include <string>
#include <thread>
#include <vector>

namespace ferry::rt::nvptx {

// One launch, with a copy of its parameters' values.
struct HeldLaunch {
  CUfunction function = nullptr;
  unsigned grid[3] = {};
  unsigned block[2] = {};
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

  explicit LaunchGraphs(const Driver &driver) : driver_(driver) {}

  Graph *create(const char *where) { return new Graph{where, {}, {}, {}, {}}; }
  void destroy(Graph *graph);

  // A run of GRAPH on this thread.  A run opened inside another run (of
  // the same or another graph) is part of the outer one.
  void begin_run(Graph *graph);
  void end_run(Graph *graph);

  // Whether the next launch is to be held; a launch from a thread other
  // than the open run's first submits what is held.
  bool holds_next_launch();
  // Holds a launch of FUNCTION over GEOMETRY whose parameters have SIZES;
  // false, after submitting what is held, when SIZES do not say how to
  // copy them.
  bool hold(CUfunction function, const Geometry &geometry,
            void *const *parameters, std::size_t count,
            const std::vector<std::size_t> &sizes);
  // Launches what is held now; the open run then ends without a graph
  // because of WHY.  With nothing held yet, the run goes on as it was.
  void submit_held(const char *why);
  // Whether a run is open: only then can anything be held.
  bool run_open() const { return open_.load(std::memory_order_acquire); }

private:
  void launch_one_by_one(std::size_t count);
  void replay(Graph &graph);
  void instantiate(Graph &graph);
  void forget_instance(Graph &graph);

  const Driver &driver_;
  std::atomic<bool> open_{false};
  Graph *graph_ = nullptr; // of the open run
  int depth_ = 0;          // runs opened inside it
  std::thread::id thread_;
  std::string interrupted_; // why the open run launches one by one
  std::vector<HeldLaunch> held_;
  std::size_t held_count_ = 0;
};

} // namespace ferry::rt::nvptx

#endif
