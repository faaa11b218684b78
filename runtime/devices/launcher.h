// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The direct launch path behind one interface: a vendor's launcher runs
// the plugin's per-loop device entries (plugin/lower_direct.cc) itself,
// instead of libgomp.  The rest of libferry uses only this; the composition
// root (runtime.h) picks the vendor's.
//
// NVIDIA's is runtime/nvptx/ (the CUDA driver API).  An AMD launcher would
// sit beside it (doc/design.md, "Vendor launchers"): it captures the
// amdgcn image at registration and launches with hipModuleLaunchKernel.
#ifndef FERRY_RUNTIME_LAUNCHER_H
#define FERRY_RUNTIME_LAUNCHER_H

#include "devices/device.h"
#include "devices/target.h"
#include <cstddef>
#include <cstdint>
#include <string>

namespace ferry::rt {

// One parameter of an entry: the address of its value; for an object or a
// reduction variable also its size, since the entry gets the address of a
// device copy (and a reduction's comes back after the launch).
struct LaunchArgument {
  // A number; a buffer's device address (a number the launcher keeps for
  // launch_again); a struct copied to the device; a reduction variable; a
  // nest's iteration count along grid axis AXIS (a number the launcher
  // also reads); where the grid starts along AXIS (the launcher's number);
  // a team region's number of teams, one block each (a number the
  // launcher also reads).
  enum class Kind { value, address, object, reduction, extent, first, teams };
  const void *value = nullptr;
  std::size_t size = 0;
  Kind kind = Kind::value;
  int axis = 0;
};

// The bytes of a buffer whose elements an entry's _constants twin takes as
// parameters (runtime/abi.h, FERRY_ROLE_CONSTANTS): current host bytes.
struct ConstantBuffer {
  const void *bytes = nullptr;
  std::size_t size = 0;
};

// The teams and threads of an OpenMP target region.
struct RegionGeometry {
  int teams = 1;        // num_teams
  int thread_limit = 1; // OpenMP threads per team (warps on nvptx)
};

// What launch() kept of a launch that launch_again can make again: its
// function, geometry and buffers' device addresses.  Stale once a later
// launch of the same entry kept another.
struct LaunchReplay {
  void *kept = nullptr;
  std::uint64_t generation = 0;
};

// One launch of a direct entry, as the launch (entry.cc) asks for it.
struct LaunchRequest {
  const Target *target = nullptr; // where: a target this launcher serves
  const char *entry = nullptr;    // the entry's name in the image
  // The kernel's name and where the program calls it, for messages.
  const char *kernel = nullptr;
  const char *file = nullptr;
  unsigned line = 0;
  const LaunchArgument *arguments = nullptr;
  unsigned argument_count = 0;
  // The buffers ENTRY_constants takes by element after the arguments.
  const ConstantBuffer *constants = nullptr;
  unsigned constant_count = 0;
  unsigned long long total = 0; // iterations
  // The kernel attribute's geometry (0: the launcher chooses).
  int requested_blocks = 0;
  int requested_threads = 0;
  // Where to keep the launch for launch_again, if anywhere (see launch).
  LaunchReplay *replay = nullptr;
};

class Launcher {
public:
  virtual ~Launcher() = default;

  using Replay = LaunchReplay;

  // An offload image the program registers with libgomp, before main
  // (GCC's mkoffload constructors; hooks/openmp_hooks.cc): kept when it is
  // of this launcher's ISA, for the direct path.  Returns whether libgomp
  // may get it later, before the first OpenMP construct that needs it.
  virtual bool image_registered(unsigned version, int target_type,
                                const void *target_data) = 0;
  // The target data libgomp gets for an image registered here: TARGET_DATA
  // without what only the direct path runs, where this launcher can cut
  // it, else TARGET_DATA.  The same pointer at every call, for libgomp's
  // registration and unregistration to match.
  virtual const void *image_for_libgomp(unsigned version, int target_type,
                                        const void *target_data) = 0;
  // The frames module that ferry's mkoffload adds to an image (abi.h,
  // __ferry_register_frames_module): BYTES of code objects, which stay in
  // the program.
  virtual void frames_module_registered(const char *code,
                                        std::size_t bytes) = 0;
  // A cubin of the frames module at CODE for ARCH (abi.h,
  // __ferry_register_frames_cubin), which stays in the program.
  virtual void frames_cubin_registered(const char *code, const char *arch,
                                       const void *cubin, std::size_t bytes,
                                       const char *notes) = 0;

  // Called before libgomp opens OpenMP device DEVICE_NUMBER, so that the
  // two share one device context.  Does nothing when the direct path is
  // off or the vendor's driver is missing.
  virtual void prepare_context(int device_number) = 0;

  // Launches REQUEST's entry over its iterations with its arguments.
  // Returns false, with the reason in *WHY, when the entry cannot be
  // launched (no driver, no entry, the entry needs libgomp's device
  // runtime, ...); the caller then runs the OpenMP region.  A failure
  // after the launch was attempted stops the program with the driver's
  // message.  After a launch, *WHY may say how it ran (a framed entry,
  // with its stack).  Where the request has constant buffers, the
  // launcher runs the entry's _constants twin instead when it can.  When
  // the request has a replay and the launch can be made again as it was
  // (no struct arguments, reductions, constant buffers or frames),
  // *replay says where it is kept: where it said on the call, if that was
  // this entry's (the same call site's key); otherwise it is left empty.
  virtual bool launch(const LaunchRequest &request, std::string *why) = 0;

  // Launches REPLAY's launch again: the same function, geometry and
  // buffers' device addresses, with the numbers ARGS (as
  // __ferry_launch_direct's) point to now.  The caller vouches that the
  // iteration counts and requests are that launch's (abi.h,
  // __ferry_launch_again's key).  False, launching nothing, when REPLAY is
  // stale.
  virtual bool launch_again(const Replay & /*replay*/, void *const * /*args*/) {
    return false;
  }

  // The geometry of an OpenMP target region of TRIP_COUNT iterations on
  // the vendor's GPU, as its OpenMP runs teams and threads;
  // REQUESTED_TEAMS and REQUESTED_GPU_THREADS are the kernel attribute's
  // or FERRY_GEOMETRY's (0: the launcher chooses).  INNER_LOOPS: each
  // iteration runs loops of its own.
  virtual RegionGeometry region_geometry(std::uint64_t trip_count,
                                         int requested_teams,
                                         int requested_gpu_threads,
                                         bool inner_loops) const = 0;

  // Blocks until every entry launched so far has finished.
  virtual void wait() = 0;
  // Whether a wall clock read by the code at CALLER waits (wait()) first
  // (hooks/clock_hooks.cc): entries launched since the last wait may still
  // run, and CALLER is not the vendor's driver, whose own threads and
  // waits read clocks while kernels run.
  virtual bool clock_read_waits(const void *caller) const = 0;

  // ferry::launch_graph.  From begin_graph_run to end_graph_run, launches
  // on the run's thread may be held back and replayed as one graph
  // (runtime/nvptx/launch_graphs.h).  A launcher without graphs launches
  // at once, and these do nothing.
  virtual void *create_graph(const char * /*where*/) { return nullptr; }
  virtual void destroy_graph(void * /*graph*/) {}
  virtual void begin_graph_run(void * /*graph*/) {}
  virtual void end_graph_run(void * /*graph*/) {}
  // Launches what is held back now, before work that must follow it: a
  // copy, an OpenMP construct, a vendor library's call.  WHY names that
  // work; the open run then ends without a graph.
  virtual void submit_held(const char * /*why*/) {}
  // The program works on ferry's device copies outside ferry
  // (ferry::device_pointer for a vendor library or its own CUDA): such
  // work would not see launches held for an automatic graph, so from now
  // on none is held outside a ferry::launch_graph.
  virtual void program_works_on_device() {}

  // Whether DEVICE_POINTER is memory of the context the entries run in.
  virtual bool addresses_context_memory(const void *device_pointer) = 0;

  // Sets BYTES bytes at DEVICE_POINTER to VALUE; false when the driver
  // cannot (no driver, or memory of another context).
  virtual bool fill(void *device_pointer, unsigned char value,
                    std::size_t bytes) = 0;
  // The device memory of the entries' context: false when the driver
  // cannot say (no driver, no context).
  virtual bool device_memory(std::size_t * /*free*/, std::size_t * /*total*/) {
    return false;
  }

  // BYTES of page-locked host memory of the entries' context, which copies
  // to and from the device reach by DMA; nullptr when the driver has none
  // to give (no driver, no context).
  virtual void *allocate_pinned(std::size_t bytes) = 0;
  virtual void free_pinned(void *memory) = 0;
  // Page-locks the BYTES of host memory at HOST (whole pages, accessible
  // now) for the entries' context: copies into them then run by DMA,
  // whatever protection the pages get later, since the copy engine does
  // not see the CPU's.  Unavailable without a driver or context; refused
  // when the driver says no (out of page-locked memory, pages already
  // locked).  unpin_host_range undoes it, before the memory goes back to
  // the system.
  virtual Pinning pin_host_range(void * /*host*/, std::size_t /*bytes*/) {
    return Pinning::unavailable;
  }
  virtual void unpin_host_range(void * /*host*/) {}
};

} // namespace ferry::rt

#endif
