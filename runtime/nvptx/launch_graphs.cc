// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See launch_graphs.h.
#include "nvptx/launch_graphs.h"

#include "core/stats.h"

#include <algorithm>
#include <cstring>

namespace ferry::rt::nvptx {

void HeldLaunch::set(CUfunction launched, const Geometry &geometry,
                     void *const *parameters,
                     const std::vector<std::size_t> &sizes) {
  function = launched;
  for (int axis = 0; axis < 3; ++axis)
    grid[axis] = static_cast<unsigned>(geometry.blocks[axis]);
  block[0] = geometry.threads_x;
  block[1] = geometry.threads_y;
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
  return function == other.function && std::equal(grid, grid + 3, other.grid) &&
         std::equal(block, block + 2, other.block) && offsets == other.offsets;
}

KernelNodeParams HeldLaunch::node() {
  pointers.resize(offsets.size());
  for (std::size_t k = 0; k < offsets.size(); ++k)
    pointers[k] = values.data() + offsets[k];
  return {function,
          {grid[0], grid[1], grid[2]},
          {block[0], block[1], 1},
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
  if (why.empty() && count > 0) {
    const bool repeats =
        ended.last_run.size() == count &&
        std::equal(held_.begin(), held_.begin() + count, ended.last_run.begin(),
                   [](const HeldLaunch &a, const HeldLaunch &b) {
                     return a.same_kernel(b);
                   });
    if (repeats) {
      replay(ended);
      replayed = true;
    } else {
      if (!ended.last_run.empty())
        why = "its kernels or grids differ from the last run's";
      launch_one_by_one(count);
      forget_instance(ended);
      ended.last_run.assign(held_.begin(), held_.begin() + count);
    }
  } else {
    // Interrupted: the instance stays for the next run like the last.
    launch_one_by_one(count);
  }
  count_graph_run(ended.where, count, replayed, why);
  held_count_ = 0;
  graph_ = nullptr;
  open_.store(false, std::memory_order_release);
}

bool LaunchGraphs::holds_next_launch() {
  if (!run_open() || !interrupted_.empty())
    return false;
  if (std::this_thread::get_id() == thread_)
    return true;
  submit_held("a kernel was launched from another thread during the run");
  return false;
}

bool LaunchGraphs::hold(CUfunction function, const Geometry &geometry,
                        void *const *parameters, std::size_t count,
                        const std::vector<std::size_t> &sizes) {
  if (sizes.size() != count) {
    submit_held("the PTX does not show a kernel's parameters");
    return false;
  }
  if (held_.size() == held_count_)
    held_.emplace_back();
  held_[held_count_++].set(function, geometry, parameters, sizes);
  return true;
}

void LaunchGraphs::submit_held(const char *why) {
  // Work before the run's first held launch is in order already.
  if (!run_open() || held_count_ == 0)
    return;
  launch_one_by_one(held_count_);
  held_count_ = 0;
  if (interrupted_.empty())
    interrupted_ = why;
}

void LaunchGraphs::launch_one_by_one(std::size_t count) {
  for (std::size_t k = 0; k < count; ++k) {
    const KernelNodeParams node = held_[k].node();
    driver_.check(driver_.cuLaunchKernel(node.function, node.grid[0],
                                         node.grid[1], node.grid[2],
                                         node.block[0], node.block[1], 1, 0,
                                         nullptr, node.parameters, nullptr),
                  "cuLaunchKernel of a held launch of", graph_->where.c_str());
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
