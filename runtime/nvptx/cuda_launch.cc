// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See cuda_launch.h.
#include "nvptx/cuda_launch.h"

#include "abi.h"
#include "core/ranks.h"
#include "core/settings.h"
#include "core/stats.h"
#include "nvptx/cuda_driver.h"
#include "nvptx/launch_geometry.h"
#include "nvptx/launch_graphs.h"
#include "nvptx/module_linker.h"
#include "nvptx/nvptx_settings.h"
#include "nvptx/offload_images.h"
#include "nvptx/program_code.h"
#include "nvptx/ptx_index.h"
#include "nvptx/region_geometry.h"
#include "nvptx/unfinished_launches.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

// The host copies of the direct entries (which never run) refer to GCC's
// soft-stack array, as the device copies do (<ferry/direct.hpp>); on the
// device it is libgcc's, here a stand-in that links them.
extern "C" __attribute__((
    visibility("default"))) unsigned long long __nvptx_stacks[32];
unsigned long long __nvptx_stacks[32];

namespace ferry::rt::nvptx {

namespace {

class CudaLauncher final : public Launcher {
  // What one call site (the address of its entry-name literal) needs.
  struct Site {
    CUfunction function = nullptr;
    std::size_t stack_bytes = 0; // per thread; 0: no frames
    std::size_t local_bytes = 0; // per thread, in local memory (frames module)
    int most_threads = 0; // a block's, as its registers allow (0: not asked)
    unsigned default_threads = 0; // a plain launch's block (0: not chosen)
    std::vector<std::size_t> parameter_bytes; // of its function, from the PTX
    // ENTRY_constants, if it exists and runs without frames.
    bool constants_looked_up = false;
    CUfunction constants_function = nullptr;
    std::vector<std::size_t> constants_parameter_bytes;
    CUdeviceptr staging = 0;                // its objects
    std::vector<unsigned char> uploaded;    // what staging holds, if known
    CUdeviceptr tallies = 0;                // kTallyBytes per reduction
    const unsigned char *results = nullptr; // 8 bytes per reduction, pinned
    // Its last launches that launch_again can make again (generation 0:
    // none), one per call site's key (entry.cc): the parameters point to
    // the buffers' device addresses kept here, to firsts_, and, at the
    // indexes FROM_ARGS marks, to the numbers of the launch being made.
    struct Kept {
      std::uint64_t generation = 0;
      const char *entry = nullptr;
      CUfunction function = nullptr;
      const std::vector<std::size_t> *parameter_bytes = nullptr;
      Geometry geometry{};
      bool one_pass = false;
      unsigned long long ends[3] = {};
      std::vector<void *> parameters;
      std::vector<void *> addresses;
      std::vector<char> from_args;
    } kept[4];
    unsigned next_kept = 0; // the one a new launch replaces
  };

  // The function a launch runs and the sizes of its parameters.
  struct Function {
    CUfunction handle;
    const std::vector<std::size_t> *parameter_bytes;
  };

public:
  // Also with FERRY_LAUNCH=omp: libgomp's regions need the stack limit.
  void prepare_context(int device_number) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!load_driver())
      return;
    CUcontext current = nullptr;
    if (driver_.cuCtxGetCurrent(&current) == kSuccess && current) {
      context_ = current;
    } else {
      CUdevice device = 0;
      if (driver_.cuDeviceGet(&device, device_number) != kSuccess ||
          driver_.cuDevicePrimaryCtxRetain(&context_, device) != kSuccess ||
          driver_.cuCtxSetCurrent(context_) != kSuccess) {
        unavailable_ = "the GPU's primary CUDA context cannot be used";
        context_ = nullptr;
        return;
      }
    }
    raise_stack_limit();
  }

  // The function that holds an `omp simd` region of libgomp's path keeps
  // the per-lane reserve for its callees' frames (-msoft-stack-reserve-
  // local, configure.ac) in its own frame, on the CUDA call stack, which
  // libgomp reaches through an indirect call: ptxas cannot size it, and
  // the driver's default of 1 KiB a thread, which held the frames with
  // GCC's own 128-byte reserve, does not hold them with ferry's.  As much
  // again as the reserve; the driver keeps that for every thread the GPU
  // holds at once (1 KiB more is about 270 MiB on an H200).
  void raise_stack_limit() {
    constexpr std::size_t kNeeded = 1024 + FERRY_SIMT_RESERVE_BYTES;
    std::size_t limit = 0;
    if (driver_.cuCtxGetLimit(&limit, kLimitStackSize) == kSuccess &&
        limit < kNeeded)
      check(driver_.cuCtxSetLimit(kLimitStackSize, kNeeded),
            "cuCtxSetLimit of the call stack for", "libgomp's regions");
  }

  // A context is current per host thread: a kernel called from another
  // thread than the first (std::thread, an OpenMP parallel region) found
  // none, and its launch failed.  Each thread sets it once.
  void make_context_current() {
    thread_local CUcontext made_current = nullptr;
    if (context_ && made_current != context_) {
      check(driver_.cuCtxSetCurrent(context_), "cuCtxSetCurrent for",
            "a thread's first launch");
      made_current = context_;
    }
  }

  bool image_registered(unsigned version, int target_type,
                        const void *target_data) override {
    return nvptx::image_registered(version, target_type, target_data);
  }

  const void *image_for_libgomp(unsigned version, int target_type,
                                const void *target_data) override {
    return nvptx::image_for_libgomp(version, target_type, target_data);
  }

  void frames_module_registered(const char *code, std::size_t bytes) override {
    nvptx::frames_module_registered(code, bytes);
  }
  void frames_cubin_registered(const char *code, const char *arch,
                               const void *cubin, std::size_t bytes,
                               const char *notes) override {
    nvptx::frames_cubin_registered({code, arch, cubin, bytes, notes});
  }

  RegionGeometry region_geometry(std::uint64_t trip_count, int requested_teams,
                                 int requested_gpu_threads,
                                 bool inner_loops) const override {
    return gpu_geometry(trip_count, requested_teams, requested_gpu_threads,
                        inner_loops);
  }

  bool launch(const LaunchRequest &request, std::string *why) override {
    const char *const entry = request.entry;
    const LaunchArgument *const arguments = request.arguments;
    const unsigned count = request.argument_count;
    const ConstantBuffer *const constants = request.constants;
    const unsigned constant_count = request.constant_count;
    const unsigned long long total = request.total;
    const int requested_blocks = request.requested_blocks;
    const int requested_threads = request.requested_threads;
    Replay *const replay = request.replay;
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    const Replay kept_before = replay ? *replay : Replay{};
    if (replay)
      *replay = {};
    Site &site = sites_[entry];
    unfinished_.name_call(request.kernel, request.file, request.line);
    if (!site.function) {
      if (!(site.function = find(entry, &site.stack_bytes, why)))
        return false;
      if (frames_module_)
        site.local_bytes = index_.stack_bytes(entry);
      site.parameter_bytes = index_.parameter_bytes(
          site.stack_bytes ? std::string(entry) + "_framed" : entry);
    }
    if (total == 0)
      return true;
    // Objects go to the device in one copy, into memory of this call
    // site's own: a later launch overwrites it only in stream order, so an
    // unchanged object needs no copy at all.
    std::vector<unsigned char> &staged = staged_;
    std::vector<CUdeviceptr> &addresses = addresses_;
    staged.clear();
    addresses.assign(count, 0);
    unsigned reductions = 0;
    for (unsigned k = 0; k < count; ++k) {
      if (arguments[k].kind == LaunchArgument::Kind::reduction)
        addresses[k] = kTallyBytes * reductions++;
      if (arguments[k].kind != LaunchArgument::Kind::object)
        continue;
      addresses[k] = staged.size();
      staged.resize(staged.size() + (arguments[k].size + 7) / 8 * 8);
      std::memcpy(staged.data() + addresses[k], arguments[k].value,
                  arguments[k].size);
    }
    if (!staged.empty() && !site.staging) {
      if (staged.size() > kMaxObjectBytes) {
        *why = "its struct arguments take more than " +
               std::to_string(kMaxObjectBytes) + " bytes";
        return false;
      }
      check(driver_.cuMemAlloc(&site.staging, staged.size()), "cuMemAlloc for",
            entry);
    }
    if (reductions && !site.tallies)
      prepare_tallies(site, reductions, entry);
    std::vector<void *> &parameters = parameters_;
    parameters.resize(count);
    unsigned long long extents[3] = {0, 0, 0};
    bool nest = false, one_pass = false, teams = false;
    for (unsigned k = 0; k < count; ++k) {
      switch (arguments[k].kind) {
      case LaunchArgument::Kind::extent:
        extents[arguments[k].axis] =
            *static_cast<const unsigned long long *>(arguments[k].value);
        nest = true;
        [[fallthrough]];
      case LaunchArgument::Kind::value:
      case LaunchArgument::Kind::address:
        parameters[k] = const_cast<void *>(arguments[k].value);
        continue;
      case LaunchArgument::Kind::first:
        parameters[k] = &firsts_[arguments[k].axis];
        one_pass = true;
        continue;
      case LaunchArgument::Kind::teams:
        parameters[k] = const_cast<void *>(arguments[k].value);
        teams = true;
        continue;
      case LaunchArgument::Kind::reduction:
        addresses[k] += site.tallies;
        break;
      case LaunchArgument::Kind::object:
        addresses[k] += site.staging;
        break;
      }
      parameters[k] = &addresses[k];
    }
    // A framed entry also takes its frame arena and bytes per thread
    // (<ferry/direct.hpp>, enter_frame).
    // An entry of one iteration per thread takes as many blocks as cover
    // the loop: a teams(M) request would only cut it into more launches.
    const int blocks_wanted =
        one_pass && !site.stack_bytes ? 0 : requested_blocks;
    if (teams && !fits_teams(site, total, requested_threads, why))
      return false;
    Geometry geometry =
        teams ? Geometry{{total, 1, 1},
                         static_cast<unsigned>(requested_threads),
                         1}
        : site.stack_bytes
            ? framed_geometry(site.stack_bytes, total, requested_blocks, entry)
        : nest ? nest_geometry(extents, blocks_wanted, requested_threads,
                               reductions != 0)
               : plain_geometry(total, blocks_wanted, requested_threads,
                                multiprocessors_, default_threads(site));
    if (site.stack_bytes) {
      frame_arguments_[0] = arena_;
      frame_arguments_[1] = site.stack_bytes;
      parameters.push_back(&frame_arguments_[0]);
      parameters.push_back(&frame_arguments_[1]);
    }
    Function function{site.function, &site.parameter_bytes};
    const bool with_constants =
        constant_count && !site.stack_bytes &&
        pass_constants(site, entry, constants, constant_count, &parameters);
    if (with_constants)
      function = {site.constants_function, &site.constants_parameter_bytes};
    if (!staged.empty() && staged != site.uploaded) {
      graphs_.submit_held("a struct argument changed, and is copied at once");
      check(driver_.cuMemcpyHtoD(site.staging, staged.data(), staged.size()),
            "cuMemcpyHtoD of the arguments of", entry);
      site.uploaded = staged;
    }

    // The last block of a reduction combines one partial result per
    // block: as many blocks as fill the GPU, each looping over more
    // iterations, keep that short.
    if (reductions) {
      graphs_.submit_held("a reduction, whose result the host waits for");
      if (requested_blocks <= 0)
        geometry.limit_blocks(reduction_blocks_);
      geometry.limit_blocks(kTallyBlocks);
    }
    // An entry that loops (framed, reducing) covers its iterations in one
    // launch; one that runs one iteration per thread, in as many launches
    // as it takes, each starting where the last one's grid ended.
    firsts_[0] = firsts_[1] = firsts_[2] = 0;
    const unsigned long long ends[3] = {nest ? extents[0] : total,
                                        nest ? extents[1] : 1,
                                        nest ? extents[2] : 1};
    if (one_pass && !site.stack_bytes)
      launch_in_passes(function, geometry, ends, parameters, entry);
    else
      launch_grid(function, geometry, parameters, entry, reductions == 0);
    if (replay && staged.empty() && !reductions && !site.stack_bytes &&
        !with_constants)
      *replay = keep(site, kept_before, entry, function, geometry, one_pass,
                     ends, arguments, count);
    if (settings().stats) {
      *why = describe(geometry, site.stack_bytes, reductions != 0);
      if (site.local_bytes)
        *why = local_frames(site.local_bytes) + *why;
      else if (site.stack_bytes) // the framed twin: one warp a block
        *why = "no frames module (" + why_no_frames_module() + "), " + *why;
      *why += occupancy(function.handle, geometry, entry);
      if (with_constants)
        *why += ", constant buffers in its parameters";
    }
    if (reductions)
      collect_reductions(arguments, count, site, entry);
    return true;
  }

  bool launch_again(const Replay &replay, void *const *args) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    auto *const found = static_cast<Site::Kept *>(replay.kept);
    if (!found || found->generation != replay.generation)
      return false;
    const Site::Kept &kept = *found;
    make_context_current();
    std::vector<void *> &parameters = found->parameters;
    for (std::size_t k = 0; k < parameters.size(); ++k)
      if (kept.from_args[k])
        parameters[k] = args[k];
    const Function function{kept.function, kept.parameter_bytes};
    firsts_[0] = firsts_[1] = firsts_[2] = 0;
    if (kept.one_pass)
      launch_in_passes(function, kept.geometry, kept.ends, parameters,
                       kept.entry);
    else
      launch_grid(function, kept.geometry, parameters, kept.entry, true);
    return true;
  }

  // Keeps the launch just made of SITE's ENTRY for launch_again, which
  // takes the numbers of ARGUMENTS from the launch it makes and the rest
  // from here: where BEFORE (the same call site's key) was kept, if that
  // is SITE's, else in place of its oldest.
  Replay keep(Site &site, const Replay &before, const char *entry,
              const Function &function, const Geometry &geometry, bool one_pass,
              const unsigned long long ends[3], const LaunchArgument *arguments,
              unsigned count) {
    Site::Kept *slot = nullptr;
    for (Site::Kept &candidate : site.kept)
      if (&candidate == before.kept)
        slot = &candidate;
    if (!slot)
      slot = &site.kept[site.next_kept++ % std::size(site.kept)];
    Site::Kept &kept = *slot;
    kept.generation = ++kept_generation_;
    kept.entry = entry;
    kept.function = function.handle;
    kept.parameter_bytes = function.parameter_bytes;
    kept.geometry = geometry;
    kept.one_pass = one_pass;
    std::copy(ends, ends + 3, kept.ends);
    kept.parameters.assign(parameters_.begin(), parameters_.begin() + count);
    kept.addresses.assign(count, nullptr);
    kept.from_args.assign(count, 0);
    for (unsigned k = 0; k < count; ++k) {
      switch (arguments[k].kind) {
      case LaunchArgument::Kind::address:
        kept.addresses[k] = *static_cast<void *const *>(arguments[k].value);
        kept.parameters[k] = &kept.addresses[k];
        break;
      case LaunchArgument::Kind::value:
      case LaunchArgument::Kind::extent:
        kept.from_args[k] = 1;
        break;
      default: // firsts_, which launch_again sets as launch does
        break;
      }
    }
    return {&kept, kept.generation};
  }

  // Appends to *PARAMETERS the elements of CONSTANTS that SITE's
  // ENTRY_constants takes (runtime/abi.h, FERRY_ROLE_CONSTANTS), if that
  // twin exists and needs no stack frame: then true.
  bool pass_constants(Site &site, const char *entry,
                      const ConstantBuffer *constants, unsigned count,
                      std::vector<void *> *parameters) {
    if (!site.constants_looked_up) {
      site.constants_looked_up = true;
      const std::string name = std::string(entry) + "_constants";
      if (!index_.defines(name) || index_.stack_bytes(name) != 0 ||
          !index_.obstacle(name).empty() ||
          driver_.cuModuleGetFunction(&site.constants_function, module_,
                                      name.c_str()) != kSuccess)
        site.constants_function = nullptr;
      else
        site.constants_parameter_bytes = index_.parameter_bytes(name);
    }
    const std::vector<std::size_t> &sizes = site.constants_parameter_bytes;
    const std::size_t plain = parameters->size();
    if (!site.constants_function || sizes.size() < plain)
      return false;
    std::size_t next = plain;
    for (unsigned c = 0; c < count; ++c) {
      std::size_t offset = 0;
      while (offset < constants[c].size && next < sizes.size()) {
        parameters->push_back(const_cast<unsigned char *>(
            static_cast<const unsigned char *>(constants[c].bytes) + offset));
        offset += sizes[next++];
      }
      if (offset != constants[c].size) {
        parameters->resize(plain);
        return false;
      }
    }
    if (next != sizes.size())
      parameters->resize(plain);
    return next == sizes.size();
  }

  // Launches FUNCTION over GEOMETRY, or, when it MAY_HOLD it, holds the
  // launch back for the open run of a launch graph.
  void launch_grid(const Function &function, const Geometry &geometry,
                   std::vector<void *> &parameters, const char *entry,
                   bool may_hold) {
    unfinished_.launched();
    if (graphs_.holds_launch(function.handle, geometry, may_hold) &&
        graphs_.hold(function.handle, geometry, parameters.data(),
                     parameters.size(), *function.parameter_bytes))
      return;
    const CUresult result = driver_.cuLaunchKernel(
        function.handle, static_cast<unsigned>(geometry.blocks[0]),
        static_cast<unsigned>(geometry.blocks[1]),
        static_cast<unsigned>(geometry.blocks[2]), geometry.threads_x,
        geometry.threads_y, geometry.threads_z, 0, nullptr, parameters.data(),
        nullptr);
    if (result != kSuccess) {
      const std::string launch =
          std::string(entry) + " (" + describe(geometry, 0, false) + ")";
      check(result, "cuLaunchKernel of", launch.c_str());
    }
  }

  // Launches until the grid has started at every point below ENDS
  // (launch_geometry.h, for_each_pass), setting firsts_ for each launch.
  void launch_in_passes(const Function &function, const Geometry &geometry,
                        const unsigned long long ends[3],
                        std::vector<void *> &parameters, const char *entry) {
    for_each_pass(geometry, ends, firsts_, [&] {
      launch_grid(function, geometry, parameters, entry, true);
    });
  }

  // An entry whose threads take stack frames runs as blocks of one column
  // of 32 threads: GCC's soft stacks have 32 slots per block, one per
  // %tid.y (<ferry/direct.hpp>).  As many threads as the GPU holds at
  // once, or as the arena's cap allows, loop over the iterations.
  Geometry framed_geometry(std::size_t stack_bytes, unsigned long long total,
                           int requested_blocks, const char *entry) {
    unsigned long long threads =
        std::min<unsigned long long>(total, resident_threads_);
    threads =
        std::min<unsigned long long>(threads, kMaxArenaBytes / stack_bytes);
    unsigned long long blocks = (threads + kFrameColumn - 1) / kFrameColumn;
    if (requested_blocks > 0)
      blocks = std::min<unsigned long long>(blocks, requested_blocks);
    if (blocks == 0)
      blocks = 1;
    const std::size_t bytes = blocks * kFrameColumn * stack_bytes;
    if (bytes > arena_bytes_) {
      if (arena_) { // earlier launches may still use it
        graphs_.submit_held("the threads' stacks grow");
        check(driver_.cuCtxSynchronize(), "waiting to grow the stacks of",
              entry);
        check(driver_.cuMemFree(arena_), "cuMemFree of the stacks for", entry);
      }
      arena_ = 0;
      check(driver_.cuMemAlloc(&arena_, bytes), "cuMemAlloc of the stacks for",
            entry);
      arena_bytes_ = bytes;
    }
    return {{blocks, 1, 1}, 1, kFrameColumn};
  }

  void wait() override {
    if (settings().launch == LaunchPath::omp)
      return;
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    graphs_.submit_held("ferry::wait");
    if (unfinished_.any())
      check(driver_.cuCtxSynchronize(), "waiting for", "the launched kernels");
    unfinished_.waited();
  }

  bool clock_read_waits(const void *caller) const override {
    return unfinished_.any() && in_program_code(caller);
  }

  void *create_graph(const char *where) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    return graphs_.create(where);
  }

  void destroy_graph(void *graph) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    graphs_.destroy(static_cast<LaunchGraphs::Graph *>(graph));
  }

  void begin_graph_run(void *graph) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    graphs_.begin_run(static_cast<LaunchGraphs::Graph *>(graph));
  }

  void end_graph_run(void *graph) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    graphs_.end_run(static_cast<LaunchGraphs::Graph *>(graph));
  }

  void submit_held(const char *why) override {
    if (!graphs_.run_open()) // the common case takes no lock
      return;
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    make_context_current();
    graphs_.submit_held(why);
  }

  void program_works_on_device() override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    graphs_.stop_automatic_runs();
  }

  bool fill(void *device_pointer, unsigned char value,
            std::size_t bytes) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    graphs_.submit_held("a device buffer is filled");
    if (!load_driver() || !context_)
      return false;
    driver_.cuCtxSetCurrent(context_);
    return driver_.cuMemsetD8(reinterpret_cast<CUdeviceptr>(device_pointer),
                              value, bytes) == kSuccess;
  }

  void *allocate_pinned(std::size_t bytes) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!load_driver() || !context_)
      return nullptr;
    driver_.cuCtxSetCurrent(context_);
    void *memory = nullptr;
    return driver_.cuMemAllocHost(&memory, bytes) == kSuccess ? memory
                                                              : nullptr;
  }

  void free_pinned(void *memory) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (memory && load_driver() && context_) {
      driver_.cuCtxSetCurrent(context_);
      driver_.cuMemFreeHost(memory);
    }
  }

  bool device_memory(std::size_t *free, std::size_t *total) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!load_driver() || !context_)
      return false;
    driver_.cuCtxSetCurrent(context_);
    return driver_.cuMemGetInfo(free, total) == kSuccess;
  }

  Pinning pin_host_range(void *host, std::size_t bytes) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!load_driver() || !context_)
      return Pinning::unavailable;
    driver_.cuCtxSetCurrent(context_);
    return driver_.cuMemHostRegister(host, bytes, 0) == kSuccess
               ? Pinning::pinned
               : Pinning::refused;
  }

  void unpin_host_range(void *host) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (load_driver() && context_) {
      driver_.cuCtxSetCurrent(context_);
      driver_.cuMemHostUnregister(host);
    }
  }

  bool addresses_context_memory(const void *device_pointer) override {
    std::lock_guard<std::recursive_mutex> lock(mutex_);
    if (!load_driver() || !context_)
      return false;
    CUcontext owner = nullptr;
    return driver_.cuPointerGetAttribute(
               &owner, kPointerAttributeContext,
               reinterpret_cast<CUdeviceptr>(device_pointer)) == kSuccess &&
           owner == context_;
  }

private:
  static constexpr unsigned kFrameColumn = 32;
  // The frame arena's cap, and the stack of a thread whose depth the PTX
  // does not tell (alloca, recursion).
  static constexpr std::size_t kMaxArenaBytes = std::size_t{512} << 20;
  static constexpr std::size_t kUnknownStackBytes = 16 * 1024;

  // A chain of frames of CHAIN bytes, with room for the alignment of each
  // frame; a multiple of 256.
  static std::size_t stack_per_thread(std::size_t chain) {
    if (chain == 0)
      return 0;
    if (chain == PtxIndex::kUnknownStack)
      return kUnknownStackBytes;
    return (chain + 256 + 255) / 256 * 256;
  }
  static constexpr std::size_t kMaxObjectBytes = 64 * 1024;
  // Blocks of a reduction launch per multiprocessor, and at most.
  static constexpr unsigned kReductionBlocksPerSM = 8;
  static constexpr unsigned long long kTallyBlocks = 4096;
  static constexpr std::size_t kTallyBytes = 16 + 8 * kTallyBlocks;

  bool load_driver() {
    if (tried_driver_)
      return unavailable_.empty();
    tried_driver_ = true;
    if (!driver_.load(&unavailable_))
      return false;
    if (driver_.cuInit(0) != kSuccess) {
      unavailable_ = "cuInit failed (no usable NVIDIA GPU)";
      return false;
    }
    return true;
  }

  // Whether a team region's entry can run its TEAMS teams as blocks of
  // THREADS threads: its barriers need each team in one block, so where
  // it cannot, the region runs as GCC compiled it (WHY says so).  (A team
  // entry has no framed twin: find() refuses one that needs frames.)
  bool fits_teams(Site &site, unsigned long long teams, int threads,
                  std::string *why) {
    // Asked once: reverse launches its entry half a million times.
    if (!site.most_threads &&
        driver_.cuFuncGetAttribute(&site.most_threads,
                                   kFunctionAttributeMaxThreadsPerBlock,
                                   site.function) != kSuccess)
      site.most_threads = 1024; // the hardware's; the launch says if not
    if (teams > kMaxBlocks)
      *why = "its " + std::to_string(teams) + " teams exceed the grid's " +
             std::to_string(kMaxBlocks) + " blocks";
    else if (threads < 1)
      *why = "its teams have no threads (thread_limit " +
             std::to_string(threads) + ")";
    else if (threads > site.most_threads)
      *why = "its " + std::to_string(threads) + " threads a team exceed the " +
             std::to_string(site.most_threads) +
             " a block of its entry can have";
    return why->empty();
  }

  // The block size of SITE's plain launches where the program asks for
  // none, chosen by its function's registers (launch_geometry.h,
  // block_size_for) once.
  unsigned default_threads(Site &site) {
    if (!site.default_threads)
      site.default_threads = block_size_for([&](unsigned threads) {
        int blocks = 0;
        return driver_.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                   &blocks, site.function, static_cast<int>(threads), 0) ==
                       kSuccess
                   ? blocks
                   : 0;
      });
    return site.default_threads;
  }

  // ", N registers[ (capped from M)], occupancy N%": ENTRY's registers,
  // and the share of a multiprocessor's threads that blocks of GEOMETRY's
  // size keep busy, from FUNCTION's registers and memory.
  std::string occupancy(CUfunction function, const Geometry &geometry,
                        const char *entry) {
    const int threads = static_cast<int>(geometry.block_threads());
    int blocks = 0, registers = 0;
    if (!max_threads_per_multiprocessor_ ||
        driver_.cuOccupancyMaxActiveBlocksPerMultiprocessor(
            &blocks, function, threads, 0) != kSuccess ||
        driver_.cuFuncGetAttribute(&registers, kFunctionAttributeRegisters,
                                   function) != kSuccess)
      return {};
    const auto note = register_notes_.find(entry);
    return ", " + std::to_string(registers) + " registers" +
           (note == register_notes_.end() ? std::string() : note->second) +
           ", occupancy " +
           std::to_string(100 * blocks * threads /
                          max_threads_per_multiprocessor_) +
           "%";
  }

  // How a launch of the frames module kept its threads' frames.
  static std::string local_frames(std::size_t bytes) {
    return bytes == PtxIndex::kUnknownStack
               ? "frames in local memory, their depth unknown, "
               : "frames in local memory, " + std::to_string(bytes) +
                     " bytes per thread, ";
  }

  // The function that runs ENTRY's loop, linking the module on first use:
  // the entry itself when its code takes no soft-stack frame (always, in
  // the frames module), else its framed twin (ENTRY_framed, built for
  // loops that may need one), with the stack each thread needs in
  // *STACK_BYTES.
  CUfunction find(const char *entry, std::size_t *stack_bytes,
                  std::string *why) {
    auto known = functions_.find(entry);
    if (known != functions_.end()) {
      if (!known->second)
        *why = refused_[entry];
      *stack_bytes = stacks_[entry];
      return known->second;
    }
    CUfunction function = nullptr;
    std::size_t stack = 0;
    std::string reason;
    if (load_module(&reason)) {
      std::string name = entry;
      if (!frames_module_ && index_.stack_bytes(name) != 0) {
        name += "_framed";
        if (!index_.defines(name))
          reason = "'" + std::string(entry) +
                   "' needs a stack frame, and the plugin built no framed "
                   "entry for it (please report the loop)";
        else
          // The twin takes its arena after its parameters, whatever depth
          // the PTX shows.
          stack = std::max(stack_per_thread(index_.stack_bytes(name)),
                           stack_per_thread(index_.stack_bytes(entry)));
      }
      if (reason.empty())
        reason = index_.obstacle(name);
      if (reason.empty() && driver_.cuModuleGetFunction(
                                &function, module_, name.c_str()) != kSuccess)
        reason = "the offload image has no entry '" + name +
                 "' (compiled without -foffload=nvptx-none?)";
    }
    functions_[entry] = reason.empty() ? function : nullptr;
    *stack_bytes = stacks_[entry] = stack;
    if (!reason.empty())
      refused_[entry] = *why = reason;
    return reason.empty() ? function : nullptr;
  }

  bool load_module(std::string *why) {
    if (module_)
      return true;
    if (!module_error_.empty()) {
      *why = module_error_;
      return false;
    }
    module_error_ = link_module();
    read_program_code(); // with the libraries the link loaded
    *why = module_error_;
    return module_error_.empty();
  }

  // The module of the registered images' entries (module_linker.h), and
  // the device's figures the launches size their grids by.
  std::string link_module() {
    if (!load_driver())
      return unavailable_;
    if (!context_)
      return "no CUDA context (the OpenMP device was opened before ferry "
             "could share its context)";
    if (registered_image_count() == 0)
      return "the program registered no nvptx offload image";
    driver_.cuCtxSetCurrent(context_);
    LinkedModule linked = nvptx::link_module(driver_, index_);
    module_ = linked.module;
    frames_module_ = linked.frames_module;
    register_notes_ = std::move(linked.register_notes);
    const std::string failure = linked.failure;
    CUdevice device = 0;
    int multiprocessors = 0;
    if (failure.empty() && driver_.cuCtxGetDevice(&device) == kSuccess &&
        driver_.cuDeviceGetAttribute(&multiprocessors,
                                     kDeviceAttributeMultiprocessorCount,
                                     device) == kSuccess &&
        multiprocessors > 0) {
      multiprocessors_ = static_cast<unsigned>(multiprocessors);
      if (driver_.cuDeviceGetAttribute(&max_threads_per_multiprocessor_,
                                       kDeviceAttributeMaxThreadsPerSM,
                                       device) != kSuccess)
        max_threads_per_multiprocessor_ = 0;
      reduction_blocks_ = static_cast<unsigned long long>(multiprocessors) *
                          kReductionBlocksPerSM;
      // 32 blocks of one column each fit on a multiprocessor.
      resident_threads_ =
          static_cast<unsigned long long>(multiprocessors) * 32 * kFrameColumn;
    }
    return failure;
  }

  // Device memory for SITE's REDUCTIONS tallies (<ferry/direct.hpp>,
  // reduction_tally), and the page-locked host memory their last blocks
  // store the results in.
  void prepare_tallies(Site &site, unsigned reductions, const char *entry) {
    void *results = nullptr;
    check(driver_.cuMemAllocHost(&results, sizeof(std::uint64_t) * reductions),
          "cuMemAllocHost of the reduction results of", entry);
    CUdeviceptr device_results = 0;
    check(driver_.cuMemHostGetDevicePointer(&device_results, results, 0),
          "cuMemHostGetDevicePointer of the reduction results of", entry);
    check(driver_.cuMemAlloc(&site.tallies, kTallyBytes * reductions),
          "cuMemAlloc of the reduction tallies of", entry);
    for (unsigned r = 0; r < reductions; ++r) {
      const std::uint64_t header[2] = {
          device_results + sizeof(std::uint64_t) * r, 0}; // result, blocks done
      check(driver_.cuMemcpyHtoD(site.tallies + kTallyBytes * r, header,
                                 sizeof header),
            "cuMemcpyHtoD of the reduction tallies of", entry);
    }
    site.results = static_cast<const unsigned char *>(results);
  }

  // The results of the reductions, back into their variables once the
  // launch has finished.
  void collect_reductions(const LaunchArgument *arguments, unsigned count,
                          const Site &site, const char *entry) {
    check(driver_.cuStreamSynchronize(nullptr), "the reduction of", entry);
    const unsigned char *result = site.results;
    for (unsigned k = 0; k < count; ++k)
      if (arguments[k].kind == LaunchArgument::Kind::reduction) {
        std::memcpy(const_cast<void *>(arguments[k].value), result,
                    arguments[k].size);
        result += sizeof(std::uint64_t);
      }
  }

  // Stops the program where RESULT is an error (Driver::check), naming the
  // kernels launched since the last wait (unfinished_launches.h).
  void check(CUresult result, const char *what, const char *subject) {
    if (result != kSuccess)
      driver_.check(result, what, unfinished_.name(subject).c_str());
  }

  // Recursive: a host access that faults while the launcher copies a
  // reduction's result resolves through a copy that submits held launches.
  std::recursive_mutex mutex_;
  Driver driver_;
  LaunchGraphs graphs_{driver_, nvptx_settings().auto_graphs};
  bool tried_driver_ = false;
  std::string unavailable_;
  CUcontext context_ = nullptr;
  CUmodule module_ = nullptr;
  bool frames_module_ = false; // module_ was linked from the frames modules
  std::string module_error_;
  PtxIndex index_;
  std::map<std::string, CUfunction> functions_;
  std::unordered_map<const void *, Site> sites_;
  // Per-launch scratch, kept to avoid allocations (guarded by mutex_).
  std::vector<unsigned char> staged_;
  std::vector<CUdeviceptr> addresses_;
  std::vector<void *> parameters_;
  std::map<std::string, std::string> refused_;
  std::map<std::string, std::size_t> stacks_; // per entry, per thread
  // What the register caps did to each entry tried, for FERRY_STATS.
  std::map<std::string, std::string> register_notes_;
  CUdeviceptr arena_ = 0; // the threads' stacks
  std::size_t arena_bytes_ = 0;
  unsigned long long frame_arguments_[2] = {}; // arena, bytes per thread
  unsigned long long firsts_[3] = {};          // where a pass's grid starts
  std::uint64_t kept_generation_ = 0;          // of the launches kept
  unsigned long long resident_threads_ = 132 * 32 * kFrameColumn;
  unsigned long long reduction_blocks_ = 1024;
  unsigned multiprocessors_ = 0; // 0 until the module is linked
  int max_threads_per_multiprocessor_ = 0;
  UnfinishedLaunches unfinished_; // since the last wait()
};

} // namespace

std::unique_ptr<Launcher> make_cuda_launcher() {
  return std::make_unique<CudaLauncher>();
}

} // namespace ferry::rt::nvptx
