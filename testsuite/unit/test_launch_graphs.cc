// Unit tests of the launch graphs (runtime/nvptx/launch_graphs.h) on a
// driver of fakes that run nothing and write down what reaches the GPU, in
// order: each launch, and each node of a replayed graph.  Whatever the
// graphs hold or replay, what reached the GPU after submit_held is what
// the program launched, in its order, with its parameters; and a repeated
// sequence, found by itself, goes as graphs.
#define BOOST_TEST_MODULE launch_graphs
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/launch_graphs.h"

#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

using namespace ferry::rt::nvptx;

namespace {

// A launch as the GPU saw it: its function and its one parameter.
struct Seen {
  CUfunction function;
  long value;
  bool operator==(const Seen &other) const {
    return function == other.function && value == other.value;
  }
};

std::ostream &operator<<(std::ostream &out, const Seen &seen) {
  return out << reinterpret_cast<std::uintptr_t>(seen.function) << ":"
             << seen.value;
}

struct FakeGraph {
  std::vector<Seen> nodes;
};

// The fakes' state; one test at a time.
struct Gpu {
  std::vector<Seen> ran;
  std::size_t graph_launches = 0;
  std::size_t instantiated = 0;
};
Gpu *gpu = nullptr;

Seen seen_of(CUfunction function, void **parameters) {
  long value;
  std::memcpy(&value, parameters[0], sizeof value);
  return {function, value};
}

CUresult fake_launch(CUfunction function, unsigned, unsigned, unsigned,
                     unsigned, unsigned, unsigned, unsigned, CUstream,
                     void **parameters, void **) {
  gpu->ran.push_back(seen_of(function, parameters));
  return kSuccess;
}

CUresult fake_graph_create(CUgraph *graph, unsigned) {
  *graph = reinterpret_cast<CUgraph>(new FakeGraph);
  return kSuccess;
}

CUresult fake_add_node(CUgraphNode *node, CUgraph graph, const CUgraphNode *,
                       std::size_t, const KernelNodeParams *params) {
  auto *made = reinterpret_cast<FakeGraph *>(graph);
  made->nodes.push_back(seen_of(params->function, params->parameters));
  *node = reinterpret_cast<CUgraphNode>(made->nodes.size()); // index + 1
  return kSuccess;
}

CUresult fake_instantiate(CUgraphExec *exec, CUgraph graph,
                          unsigned long long) {
  ++gpu->instantiated;
  *exec = reinterpret_cast<CUgraphExec>(
      new FakeGraph(*reinterpret_cast<FakeGraph *>(graph)));
  return kSuccess;
}

CUresult fake_set_params(CUgraphExec exec, CUgraphNode node,
                         const KernelNodeParams *params) {
  auto *made = reinterpret_cast<FakeGraph *>(exec);
  made->nodes.at(reinterpret_cast<std::uintptr_t>(node) - 1) =
      seen_of(params->function, params->parameters);
  return kSuccess;
}

CUresult fake_graph_launch(CUgraphExec exec, CUstream) {
  ++gpu->graph_launches;
  for (const Seen &node : reinterpret_cast<FakeGraph *>(exec)->nodes)
    gpu->ran.push_back(node);
  return kSuccess;
}

CUresult fake_exec_destroy(CUgraphExec exec) {
  delete reinterpret_cast<FakeGraph *>(exec);
  return kSuccess;
}

CUresult fake_graph_destroy(CUgraph graph) {
  delete reinterpret_cast<FakeGraph *>(graph);
  return kSuccess;
}

Driver fake_driver() {
  Driver driver;
  driver.cuLaunchKernel = fake_launch;
  driver.cuGraphCreate = fake_graph_create;
  driver.cuGraphAddKernelNode = fake_add_node;
  driver.cuGraphInstantiateWithFlags = fake_instantiate;
  driver.cuGraphExecKernelNodeSetParams = fake_set_params;
  driver.cuGraphLaunch = fake_graph_launch;
  driver.cuGraphExecDestroy = fake_exec_destroy;
  driver.cuGraphDestroy = fake_graph_destroy;
  return driver;
}

CUfunction kernel(std::uintptr_t number) {
  return reinterpret_cast<CUfunction>(number);
}

const CUfunction a = kernel(1), b = kernel(2), c = kernel(3), d = kernel(4);

// The launcher's part: each launch either held or launched at once.
struct Program {
  Gpu state;
  Driver driver = fake_driver();
  std::unique_ptr<LaunchGraphs> graphs;
  std::vector<Seen> launched; // what the program asked for, in order
  std::size_t held = 0;

  // A loaded machine may stop the test for milliseconds: host work is a
  // gap of a second unless a test says otherwise.
  explicit Program(bool automatic = true,
                   std::chrono::microseconds host_work_gap = std::chrono::seconds(1))
      : graphs(std::make_unique<LaunchGraphs>(driver, automatic,
                                              host_work_gap)) {
    gpu = &state;
  }
  ~Program() {
    graphs.reset();
    gpu = nullptr;
  }

  // A launch of FUNCTION with VALUE over BLOCKS blocks; a reduction's
  // (REDUCES) submits what is held first and is never held.
  void launch(CUfunction function, long value, unsigned blocks = 8,
              bool reduces = false) {
    launched.push_back({function, value});
    const Geometry geometry{{blocks, 1, 1}, 128, 1};
    void *parameters[] = {&value};
    const std::vector<std::size_t> sizes = {sizeof value};
    if (reduces)
      graphs->submit_held("a reduction");
    if (graphs->holds_launch(function, geometry, !reduces) &&
        graphs->hold(function, geometry, parameters, 1, sizes)) {
      ++held;
      return;
    }
    fake_launch(function, 0, 0, 0, 0, 0, 0, 0, nullptr, parameters, nullptr);
  }

  // The host looks: everything launched must have reached the GPU.
  void sync() {
    graphs->submit_held("a copy");
    BOOST_TEST(state.ran == launched, boost::test_tools::per_element());
  }
};

} // namespace

BOOST_AUTO_TEST_CASE(a_repeated_sequence_goes_as_graphs) {
  Program program;
  for (long step = 0; step < 40; ++step) {
    program.launch(a, step);
    program.launch(b, 100 + step % 3); // a scalar that changes
    program.launch(c, 7);
  }
  program.sync();
  BOOST_TEST(program.held > 90u); // all but the first sequences
  BOOST_TEST(program.state.graph_launches > 4u);
  BOOST_TEST(program.state.instantiated == 1u);
}

BOOST_AUTO_TEST_CASE(the_host_between_launches_sees_every_launch) {
  Program program;
  for (long step = 0; step < 60; ++step) {
    program.launch(a, step);
    program.launch(b, step);
    if (step % 7 == 3) // the host reads in the middle of runs
      program.sync();
  }
  program.sync();
  BOOST_TEST(program.state.graph_launches > 0u);
}

BOOST_AUTO_TEST_CASE(a_launch_that_breaks_the_sequence_keeps_the_order) {
  Program program;
  for (long step = 0; step < 30; ++step) {
    program.launch(a, step);
    program.launch(b, step);
    if (step == 20)
      program.launch(d, step); // once: the sequence is lost
  }
  program.sync();
  BOOST_TEST(program.state.graph_launches > 0u);
  // Another grid is another launch shape.
  Program grids;
  for (long step = 0; step < 30; ++step)
    grids.launch(a, step, step < 25 ? 8 : 16);
  grids.sync();
}

BOOST_AUTO_TEST_CASE(reductions_are_never_held) {
  Program program;
  for (long step = 0; step < 40; ++step) {
    program.launch(a, step);
    program.launch(b, step);
    program.launch(c, step);
    const std::size_t held = program.held;
    program.launch(d, step, 8, true); // the host waits for its result
    BOOST_TEST(program.held == held);
    BOOST_TEST(program.state.ran == program.launched,
               boost::test_tools::per_element());
  }
  // The launches between the reductions still go as graphs.
  BOOST_TEST(program.state.graph_launches > 0u);
}

BOOST_AUTO_TEST_CASE(host_work_between_launches_stops_holding) {
  Program program(true, std::chrono::milliseconds(20));
  for (long step = 0; step < 10; ++step)
    program.launch(a, step);
  BOOST_TEST(program.held > 0u); // a run is open
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  program.launch(a, 10); // after the host worked: the run ends
  BOOST_TEST(program.state.ran == program.launched,
             boost::test_tools::per_element());
  const std::size_t held = program.held;
  for (long step = 11; step < 60; ++step) {
    program.launch(a, step);
    BOOST_TEST(program.state.ran.size() == program.launched.size());
  }
  BOOST_TEST(program.held == held);
}

BOOST_AUTO_TEST_CASE(off_holds_nothing) {
  Program program(false);
  for (long step = 0; step < 40; ++step)
    program.launch(a, step);
  BOOST_TEST(program.held == 0u);
  BOOST_TEST(program.state.ran == program.launched,
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(work_on_the_device_beside_ferry_stops_holding) {
  Program program;
  for (long step = 0; step < 10; ++step)
    program.launch(a, step);
  program.graphs->stop_automatic_runs(); // ferry::device_pointer
  BOOST_TEST(program.state.ran == program.launched,
             boost::test_tools::per_element());
  const std::size_t held = program.held;
  for (long step = 0; step < 40; ++step)
    program.launch(a, step);
  BOOST_TEST(program.held == held);
  BOOST_TEST(program.state.ran == program.launched,
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_declared_run_takes_over) {
  Program program;
  for (long step = 0; step < 10; ++step)
    program.launch(a, step);
  LaunchGraphs::Graph *declared = program.graphs->create("here.cc:1");
  for (long step = 0; step < 5; ++step) {
    program.graphs->begin_run(declared);
    program.launch(b, step);
    program.launch(c, step);
    program.graphs->end_run(declared);
    BOOST_TEST(program.state.ran == program.launched,
               boost::test_tools::per_element());
  }
  for (long step = 0; step < 40; ++step)
    program.launch(a, step);
  program.sync();
  program.graphs->destroy(declared);
}

BOOST_AUTO_TEST_CASE(a_launch_from_another_thread_ends_the_run) {
  Program program;
  for (long step = 0; step < 20; ++step)
    program.launch(a, step);
  std::thread other([&] { program.launch(a, 20); });
  other.join();
  BOOST_TEST(program.state.ran == program.launched,
             boost::test_tools::per_element());
  for (long step = 21; step < 40; ++step)
    program.launch(a, step);
  program.sync();
}
