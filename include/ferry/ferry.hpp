// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// ferry — safe, resident GPU offload for C++ through a GCC plugin.
//
// Mark a loop function [[ferry::kernel]] and give each pointer parameter an
// ownership attribute; compile with ferry-g++ (or g++ -fplugin=ferry.so
// -fopenmp ...).  The plugin checks the ownership rules and turns the loop
// into an OpenMP target region; libferry moves the data.
//
//   #include <ferry/ferry.hpp>
//
//   [[ferry::kernel]]
//   void daxpy(std::size_t n, double a,
//              [[ferry::borrow(n)]] const double *x,   // read-only
//              [[ferry::borrow_mut(n)]] double *y)     // read-write
//   {
//       for (std::size_t i = 0; i < n; ++i)
//           y[i] += a * x[i];
//   }
//
// Without the plugin the same source is plain serial C++; the ferry::
// attributes are then ignored silently.
#ifndef FERRY_FERRY_HPP
#define FERRY_FERRY_HPP

#define FERRY_VERSION_MAJOR 0
#define FERRY_VERSION_MINOR 1
#define FERRY_VERSION_PATCH 0

// The plugin defines __FERRY_PLUGIN__; without it GCC would warn once per
// ferry attribute that it does not know it.
#if !defined(__FERRY_PLUGIN__) && defined(__GNUC__) && !defined(__clang__) &&  \
    __GNUC__ >= 12
#pragma GCC diagnostic ignored_attributes "ferry::"
#endif

#include <cstddef>
#include <stdexcept>
#include <string>

#define FERRY_API __attribute__((visibility("default")))

namespace ferry {

// Where kernels run in this process: "gpu 0 of 1 (OpenMP)", "host" or "sim"
// (see FERRY_DEVICE in doc/user-guide.md).  Needs libferry.
FERRY_API std::string device_name();

// Picks the GPU this process runs its later kernels on: GPU INDEX modulo
// the number of GPUs, so that the node-local ranks of an MPI job spread
// over a node's GPUs and share them when they outnumber them
// (<ferry/mpi.hpp>'s ferry::mpi::select_gpu passes the node-local rank).
// Called before the first kernel, it also makes that GPU OpenMP's default
// device; called later, buffers resident on another GPU follow the
// kernels that use them (doc/residency.md, "Several GPUs").  Without it,
// FERRY_GPU decides (doc/mpi.md).  On the sim device it picks one of
// FERRY_SIM_DEVICES; on the host it has no effect.
FERRY_API void select_gpu(int index);
// The OpenMP device number kernels run on (omp_get_initial_device() when
// they run on the host), for omp_target_memcpy and vendor libraries.
FERRY_API int openmp_device();

// Rule 6 at run time: a kernel launched with a written buffer that overlaps
// another pointer argument does not run.  By default ferry prints what
// overlaps and where, and exits with status 1; after
// set_alias_action(alias_action::throw_error) it throws alias_error, whose
// what() is that message, from the kernel call instead.
class FERRY_API alias_error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

enum class alias_action { exit, throw_error };
FERRY_API void set_alias_action(alias_action action);

// Residency by hand, for host code the plugin does not see: code compiled
// without ferry-g++, libraries, other threads (doc/user-guide.md,
// "Residency").  Code compiled with the plugin needs none of this.

// What the host is about to do to the data.
enum class access {
  read = 0,     // read it: what the device changed must come back
  write = 1,    // read and write it: the device copy then goes stale
  overwrite = 2 // write every element without reading: nothing comes back
};

namespace detail {
FERRY_API void sync_bytes(const void *data, std::size_t bytes, access how);
FERRY_API void prefetch_bytes(const void *data, std::size_t bytes);
FERRY_API void release_bytes(const void *data, std::size_t bytes);
FERRY_API void *device_pointer_bytes(const void *data, std::size_t bytes);
FERRY_API void device_wrote_bytes(const void *data, std::size_t bytes);
FERRY_API void enter_resident_scope();
FERRY_API void leave_resident_scope();
FERRY_API void *create_launch_graph(const char *file, unsigned line);
FERRY_API void destroy_launch_graph(void *graph);
FERRY_API void begin_launch_graph_run(void *graph);
FERRY_API void end_launch_graph_run(void *graph);
} // namespace detail

// Makes data[0, count) ready for the host to access HOW.
template <class T>
void sync(const T *data, std::size_t count, access how = access::read) {
  detail::sync_bytes(data, count * sizeof(T), how);
}

// Copies data[0, count) to the device now, ahead of the kernels that will
// read it.
template <class T> void prefetch(const T *data, std::size_t count) {
  detail::prefetch_bytes(data, count * sizeof(T));
}

// Copies back what the device changed in data[0, count) and frees the
// device copy.
template <class T> void release(const T *data, std::size_t count) {
  detail::release_bytes(data, count * sizeof(T));
}

// Copies back everything the device changed, in every buffer.
FERRY_API void sync_all();

// Blocks until every kernel launched so far has finished.  Kernels on the
// direct launch path (NVIDIA) run asynchronously: a kernel call returns once
// the kernel is queued, and the copies ferry makes wait for it anyway, as
// does the program's next read of a wall clock (FERRY_CLOCKS_WAIT).  Only
// timing needs this, where FERRY_CLOCKS_WAIT=0.
FERRY_API void wait();

// For vendor libraries (cuBLAS, rocBLAS): the device address of
// data[0, count), current for the device.  Declare what the library call
// wrote with device_wrote() before the host or a kernel uses it.
template <class T> T *device_pointer(T *data, std::size_t count) {
  return static_cast<T *>(
      detail::device_pointer_bytes(data, count * sizeof(T)));
}
template <class T> void device_wrote(const T *data, std::size_t count) {
  detail::device_wrote_bytes(data, count * sizeof(T));
}

// Keeps every buffer that kernels use during its lifetime on the device,
// even across returns from the functions that launched them, and copies
// back what the device changed when it ends.  Under the default coherence
// (guarded pages) host code needs nothing; under FERRY_COHERENCE=compiler,
// code the plugin did not compile, and functions that touch a buffer
// without calling a kernel themselves, must call ferry::sync inside it.
//
//   {
//       ferry::resident_scope keep;
//       for (int step = 0; step < steps; ++step)
//           advance(grid);        // calls kernels; stays on the device
//   }                             // grid is current on the host again
class resident_scope {
public:
  resident_scope() { detail::enter_resident_scope(); }
  ~resident_scope() { detail::leave_resident_scope(); }
  resident_scope(const resident_scope &) = delete;
  resident_scope &operator=(const resident_scope &) = delete;
};

// Replays the kernels that each run of a repeated piece of code launches
// (a time step) as one CUDA graph: one call to the driver per run instead
// of one per kernel.  On NVIDIA, from the second run on, a run whose
// kernels and grids are those of the run before goes to the GPU as one
// graph, with the new values of its arguments; any other run launches its
// kernels one by one, as without it.  Only the launch changes: whatever
// would see the kernels' work (host code, a copy, a reduction's result,
// ferry::wait, ferry::device_pointer, an OpenMP construct) launches them
// first, and that run then takes no graph.  Elsewhere (host, sim device,
// OpenMP path) run() just calls the body.
//
//   ferry::launch_graph step;
//   for (int s = 0; s < steps; ++s)
//       step.run([&] {
//           advance(n, dt, u.data(), v.data());   // kernels only
//           relax(n, v.data(), u.data());
//       });
//
// Work on the GPU that ferry does not see -- a vendor library called with
// a device pointer taken before the run -- must not depend on a run's
// kernels inside the run.  FERRY_STATS=1 prints a ferry-graph line per
// graph at exit: runs, runs replayed, and why others were not.
class launch_graph {
public:
  explicit launch_graph(const char *file = __builtin_FILE(),
                        unsigned line = __builtin_LINE())
      : graph_(detail::create_launch_graph(file, line)) {}
  ~launch_graph() { detail::destroy_launch_graph(graph_); }
  launch_graph(const launch_graph &) = delete;
  launch_graph &operator=(const launch_graph &) = delete;

  template <class Body> void run(Body &&body) {
    detail::begin_launch_graph_run(graph_);
    struct end_of_run {
      void *graph;
      ~end_of_run() { detail::end_launch_graph_run(graph); }
    } ending{graph_};
    body();
  }

private:
  void *graph_;
};

} // namespace ferry

// The device side of the direct launch path; only with the plugin.
#include "direct.hpp"

#endif // FERRY_FERRY_HPP
