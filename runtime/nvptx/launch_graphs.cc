// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See launch_graphs.h.
#include "nvptx/launch_graphs.h"

#include "core/stats.h"

#include <algorithm>
#include <cstring>

namespace ferry::rt::nvptx {

LaunchShape LaunchShape::of(CUfunction function, const Geometry &geometry) {
  LaunchShape shape;
  shape.function = function;
  for (int axis = 0; axis < 3; ++axis)
    shape.grid[axis] = static_cast<unsigned>(geometry.blocks[axis]);
  shape.block[0] = geometry.threads_x;
  shape.block[1] = geometry.threads_y;
  shape.block[2] = geometry.threads_z;
  return shape;
}

bool LaunchShape::operator==(const LaunchShape &other) const {
  return function == other.function && std::equal(grid, grid + 3, other.grid) &&
         std::equal(block, block + 3, other.block);
}

void HeldLaunch::set(CUfunction launched, const Geometry &geometry,
                     void *const *parameters,
                     const std::vector<std::size_t> &sizes) {
  shape = LaunchShape::of(launched, geometry);
  offsets.resize(sizes.size());
  std::size_t total = 0;
  for (std::size_t k = 0; k < sizes.size(); ++k) {
    offsets[k] = total;
    total += (sizes[k] + 7) / 8 * 8;
  }
  values.assign(total, 0); // padding compares equal
  for (std::size_t k = 0; k < sizes.size(); ++k)
    std::memcpy(values.data() + offsets[k], parameters[k], sizes[k]);
}

bool HeldLaunch::same_kernel(const HeldLaunch &other) const {
  return shape == other.shape && offsets == other.offsets;
}

KernelNodeParams HeldLaunch::node() {
  pointers.resize(offsets.size());
  for (std::size_t k = 0; k < offsets.size(); ++k)
    pointers[k] = values.data() + offsets[k];
  return {shape.function,
          {shape.grid[0], shape.grid[1], shape.grid[2]},
          {shape.block[0], shape.block[1], shape.block[2]},
          0,
          pointers.data(),
          nullptr};
}

void LaunchGraphs::destroy(Graph *graph) {
  if (!graph)
    return;
  if (graph_ == graph) { // destroyed inside its own run (a longjmp)
    submit_held("the graph was destroyed during its run");
    end_run(graph);
  }
  forget_instance(*graph);
  delete graph;
}

void LaunchGraphs::begin_run(Graph *graph) {
  if (graph_) {
    ++depth_;
    return;
  }
  // A declared run takes over from the sequence followed so far.
  end_automatic_run();
  forget_sequence();
  graph_ = graph;
  depth_ = 0;
  thread_ = std::this_thread::get_id();
  interrupted_.clear();
  held_count_ = 0;
  open_.store(true, std::memory_order_release);
}

void LaunchGraphs::end_run(Graph *graph) {
  if (!graph_)
    return;
  if (depth_ > 0) {
    --depth_;
    return;
  }
  if (graph != graph_ || std::this_thread::get_id() != thread_)
    submit_held("runs of launch graphs overlapped across threads");
  Graph &ended = *graph_;
  const std::size_t count = held_count_;
  bool replayed = false;
  std::string why = interrupted_;
  if (why.empty() && count > 0)
    replayed = submit_run(ended, &why);
  else // interrupted: the instance stays for the next run like the last
    launch_one_by_one(count, ended.where.c_str());
  count_graph_run(ended.where, count, replayed, why);
  held_count_ = 0;
  graph_ = nullptr;
  open_.store(false, std::memory_order_release);
}

bool LaunchGraphs::submit_run(Graph &ended, std::string *why) {
  const std::size_t count = held_count_;
  const bool repeats =
      ended.last_run.size() == count &&
      std::equal(held_.begin(), held_.begin() + count, ended.last_run.begin(),
                 [](const HeldLaunch &a, const HeldLaunch &b) {
                   return a.same_kernel(b);
                 });
  if (repeats) {
    replay(ended);
    return true;
  }
  if (!ended.last_run.empty())
    *why = "its kernels or grids differ from the last run's";
  launch_one_by_one(count, ended.where.c_str());
  forget_instance(ended);
  ended.last_run.assign(held_.begin(), held_.begin() + count);
  return false;
}

bool LaunchGraphs::holds_launch(CUfunction function, const Geometry &geometry,
                                bool may_hold) {
  if (run_open() && !automatic_run_)
    return may_hold && holds_next_declared_launch();
  if (!automatic_)
    return false;
  const auto now = std::chrono::steady_clock::now();
  const bool far_apart = now - last_launch_ > host_work_gap_;
  last_launch_ = now;
  return follow_sequence(LaunchShape::of(function, geometry), may_hold,
                         far_apart);
}

bool LaunchGraphs::holds_next_declared_launch() {
  if (!interrupted_.empty())
    return false;
  if (std::this_thread::get_id() == thread_)
    return true;
  submit_held("a kernel was launched from another thread during the run");
  return false;
}

bool LaunchGraphs::follow_sequence(const LaunchShape &shape, bool may_hold,
                                   bool far_apart) {
  if (!sequence_.empty() && (shape != sequence_[phase_] ||
                             std::this_thread::get_id() != sequence_thread_)) {
    end_automatic_run(); // what came before goes first
    forget_sequence();
  }
  if (sequence_.empty()) {
    note_launch(shape);
    return false;
  }
  const std::size_t phase = phase_;
  phase_ = (phase_ + 1) % sequence_.size();
  if (automatic_run_ && far_apart) { // its launches waited for the host
    end_automatic_run();
    sequence_not_held_ = true;
  }
  if (!may_hold || sequence_not_held_)
    return false;
  if (!automatic_run_)
    begin_automatic_run(phase);
  return true;
}

// Counts how far the launch of SHAPE continues each period, and takes the
// shortest one seen three times in a row as the sequence.
void LaunchGraphs::note_launch(const LaunchShape &shape) {
  const std::size_t n = followed_++;
  std::size_t found = 0;
  for (std::size_t period = 1; period <= kMaxPeriod; ++period) {
    const bool continues =
        n >= period && recent_[(n - period) % kMaxPeriod] == shape;
    streaks_[period] = continues ? streaks_[period] + 1 : 0;
    if (!found && streaks_[period] >= 2 * period)
      found = period;
  }
  recent_[n % kMaxPeriod] = shape;
  if (!found)
    return;
  // Launches n - found + 1 to n, in order: the sequence from its start.
  sequence_.resize(found);
  for (std::size_t k = 0; k < found; ++k)
    sequence_[k] = recent_[(n + 1 - found + k) % kMaxPeriod];
  phase_ = 0;
  sequence_thread_ = std::this_thread::get_id();
  run_length_ = (kMinAutomaticRun + found - 1) / found * found;
}

void LaunchGraphs::begin_automatic_run(std::size_t phase) {
  automatic_run_ = true;
  run_phase_ = phase;
  thread_ = std::this_thread::get_id();
  held_count_ = 0;
  open_.store(true, std::memory_order_release);
}

void LaunchGraphs::end_automatic_run() {
  if (!automatic_run_)
    return;
  const std::size_t count = held_count_;
  if (count > 0) {
    // A few places and lengths at most repeat in a time loop; any more
    // are forgotten rather than kept.
    constexpr std::size_t kMostGraphs = 16;
    const auto key = std::make_pair(run_phase_, count);
    if (automatic_graphs_.size() >= kMostGraphs &&
        !automatic_graphs_.count(key)) {
      for (auto &[at, graph] : automatic_graphs_)
        forget_instance(graph);
      automatic_graphs_.clear();
    }
    Graph &graph = automatic_graphs_[key];
    if (graph.where.empty())
      graph.where = "automatic (a sequence of " +
                    std::to_string(sequence_.size()) + " launches)";
    std::string why;
    const bool replayed = submit_run(graph, &why);
    count_graph_run(graph.where, count, replayed, why);
  }
  held_count_ = 0;
  automatic_run_ = false;
  open_.store(false, std::memory_order_release);
}

void LaunchGraphs::stop_automatic_runs() {
  end_automatic_run();
  forget_sequence();
  automatic_ = false;
}

void LaunchGraphs::forget_sequence() {
  for (auto &[at, graph] : automatic_graphs_)
    forget_instance(graph);
  automatic_graphs_.clear();
  sequence_.clear();
  followed_ = 0;
  std::fill(std::begin(streaks_), std::end(streaks_), 0);
  sequence_not_held_ = false;
}

bool LaunchGraphs::hold(CUfunction function, const Geometry &geometry,
                        void *const *parameters, std::size_t count,
                        const std::vector<std::size_t> &sizes) {
  if (sizes.size() != count) {
    const bool automatic = automatic_run_;
    submit_held("the PTX does not show a kernel's parameters");
    if (automatic)
      sequence_not_held_ = true; // it could never be replayed
    return false;
  }
  if (held_.size() == held_count_)
    held_.emplace_back();
  held_[held_count_++].set(function, geometry, parameters, sizes);
  if (automatic_run_ && held_count_ == run_length_)
    end_automatic_run();
  return true;
}

void LaunchGraphs::submit_held(const char *why) {
  if (automatic_run_) {
    end_automatic_run();
    return;
  }
  // Work before the run's first held launch is in order already.
  if (!run_open() || held_count_ == 0)
    return;
  launch_one_by_one(held_count_, graph_->where.c_str());
  held_count_ = 0;
  if (interrupted_.empty())
    interrupted_ = why;
}

void LaunchGraphs::launch_one_by_one(std::size_t count, const char *where) {
  for (std::size_t k = 0; k < count; ++k) {
    const KernelNodeParams node = held_[k].node();
    driver_.check(driver_.cuLaunchKernel(
                      node.function, node.grid[0], node.grid[1], node.grid[2],
                      node.block[0], node.block[1], node.block[2], 0, nullptr,
                      node.parameters, nullptr),
                  "cuLaunchKernel of a held launch of", where);
  }
}

// Launches GRAPH's instance for the held run (whose kernels are those of
// its last run), giving the nodes whose parameters changed the new ones.
void LaunchGraphs::replay(Graph &graph) {
  const std::size_t count = held_count_;
  if (!graph.exec) {
    for (std::size_t k = 0; k < count; ++k)
      graph.last_run[k] = held_[k];
    instantiate(graph);
  } else {
    for (std::size_t k = 0; k < count; ++k) {
      if (held_[k].values == graph.last_run[k].values)
        continue;
      graph.last_run[k].values.swap(held_[k].values);
      const KernelNodeParams node = graph.last_run[k].node();
      driver_.check(driver_.cuGraphExecKernelNodeSetParams(
                        graph.exec, graph.nodes[k], &node),
                    "cuGraphExecKernelNodeSetParams in", graph.where.c_str());
    }
  }
  driver_.check(driver_.cuGraphLaunch(graph.exec, nullptr), "cuGraphLaunch of",
                graph.where.c_str());
}

// A graph of GRAPH's last run, each kernel after the one before.
void LaunchGraphs::instantiate(Graph &graph) {
  const char *where = graph.where.c_str();
  driver_.check(driver_.cuGraphCreate(&graph.graph, 0), "cuGraphCreate for",
                where);
  graph.nodes.assign(graph.last_run.size(), nullptr);
  for (std::size_t k = 0; k < graph.last_run.size(); ++k) {
    const KernelNodeParams node = graph.last_run[k].node();
    driver_.check(driver_.cuGraphAddKernelNode(
                      &graph.nodes[k], graph.graph,
                      k ? &graph.nodes[k - 1] : nullptr, k ? 1 : 0, &node),
                  "cuGraphAddKernelNode in", where);
  }
  driver_.check(
      driver_.cuGraphInstantiateWithFlags(&graph.exec, graph.graph, 0),
      "cuGraphInstantiateWithFlags of", where);
}

void LaunchGraphs::forget_instance(Graph &graph) {
  // A launched instance may still run: the driver destroys it after.
  if (graph.exec)
    driver_.cuGraphExecDestroy(graph.exec);
  if (graph.graph)
    driver_.cuGraphDestroy(graph.graph);
  graph.exec = nullptr;
  graph.graph = nullptr;
  graph.nodes.clear();
}

} // namespace ferry::rt::nvptx
