// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The C entry points of abi.h, but for the MPI layer's message calls
// (mpi/messages.cc): the per-thread state of one kernel launch, from
// __ferry_launch_begin to __ferry_launch_end, and its geometry; what each
// call site keeps of its last launches, which __ferry_launch_again makes
// again in one call; the host-sync calls and frames around them; and the
// frames modules of the offload images, handed to the launcher.
#include "abi.h"

#include "core/lasting.h"
#include "core/messages.h"
#include "core/ranks.h"
#include "core/settings.h"
#include "core/stats.h"
#include "devices/device.h"
#include "devices/launcher.h"
#include "devices/target.h"
#include "launch/alias_check.h"
#include "launch/disjoint_check.h"
#include "launch/frames.h"
#include "launch/geometry.h"
#include "launch/launch_arguments.h"
#include "mpi/messages.h"
#include "pages/heap_blocks.h"
#include "pages/page_guard.h"
#include "pages/shared_mappings.h"
#include "residency/transfers.h"
#include "residency/program_maps.h"
#include "runtime.h"

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace ferry::rt {

namespace {

// What __ferry_launch_again keeps of one launch at a call site: the
// launch sequence's numbers (KEY), its buffers as the acquire left them,
// and where the launcher keeps the rest.
struct KeptLaunch {
  bool valid = false;
  std::vector<long long> key;
  std::vector<Buffer> acquired;
  Launcher::Replay replay;
  Target *target = nullptr;
  std::uint64_t mappings = 0; // shared_mappings::generation()
  const char *kernel = nullptr;
  const char *entry = nullptr;
};

// A call site's last launches, one per key: a time step launches one
// kernel on a few sets of buffers (x into y, then y into z), each again
// the next step.  Made on the site's first call and never freed (the
// site is the program's static storage).
struct SiteRecord {
  static constexpr unsigned kLaunches = 4;
  std::atomic<bool> held{false}; // by one thread's launch at the site
  KeptLaunch launches[kLaunches];
  unsigned next = 0;         // the one a new key replaces
  std::vector<Buffer> again; // the buffers of the launch being made again

  // The launch kept for KEY, or nullptr.
  KeptLaunch *find(const long long *key, unsigned nkey) {
    for (KeptLaunch &kept : launches)
      if (kept.valid && kept.key.size() == nkey &&
          std::memcmp(key, kept.key.data(), nkey * sizeof *key) == 0)
        return &kept;
    return nullptr;
  }
};

// A call site's sequence that __ferry_launch_again left to run, on this
// thread: the next begin takes it, and its end keeps what it did.
struct MissedSite {
  SiteRecord *record = nullptr;
  const long long *key = nullptr;
  unsigned nkey = 0;
};
thread_local MissedSite missed_site;

struct Launch {
  bool active = false;
  bool armed = false; // called from instrumented code (frames.h)
  LaunchSeat seat;    // the device and policy, from begin to end
  frames::CallSite call_site;
  const char *kernel = nullptr;
  const char *file = nullptr;
  unsigned line = 0;
  std::vector<Buffer> buffers;
  std::vector<char> resident; // per buffer, at the end: before the release
  MissedSite site;            // where to keep the launch, if anywhere
  std::uint64_t mappings = 0; // shared_mappings::generation() at begin
  const char *entry = nullptr;
  Launcher::Replay replay;      // what the launcher kept of its direct launch
  Launcher::Replay kept_before; // of the same key, at an earlier launch
};

thread_local ThreadLasting<Launch> launch_state;
// Its address, a plain thread_local: reaching launch_state itself calls the
// TLS initialiser each time (for its destructor), a dozen times a launch.
thread_local Launch *launch_state_address = nullptr;

__attribute__((noinline)) Launch &first_launch_state() {
  launch_state_address = &launch_state.value;
  return *launch_state_address;
}

inline Launch &current_launch() {
  Launch *const launch = launch_state_address;
  return __builtin_expect(launch != nullptr, 1) ? *launch
                                                : first_launch_state();
}

// The program's asynchronous signal handlers wait while a launch runs
// (hooks/signal_hooks.cc): one that jumps out with siglongjmp, or
// launches a kernel itself, runs as the launch ends, as if the signal had
// come then.  A kernel on a GPU cannot stop half done anyway, and a launch
// left without its end would hold its seat, its buffers and its site.
void hold_signals_for_launch() { ++launches_open(); }
void end_signal_hold_of_launch() {
  if (--launches_open() == 0 && !handlers_wait() && signals_deferred())
    deliver_deferred_signals();
}

// The same for a launch made in one call (__ferry_launch_again), which a
// jump would leave with its site held and its seat counted.
class SignalsWaitForLaunch {
public:
  SignalsWaitForLaunch() { hold_signals_for_launch(); }
  ~SignalsWaitForLaunch() { end_signal_hold_of_launch(); }
  SignalsWaitForLaunch(const SignalsWaitForLaunch &) = delete;
  SignalsWaitForLaunch &operator=(const SignalsWaitForLaunch &) = delete;
};

} // namespace

// A broken call sequence means the generated code and this runtime disagree;
// nothing sensible can follow.
[[noreturn]] void launch_internal_error(const char *what) {
  tell("internal error in kernel '%s' (%s:%u): %s\n"
       "the kernel and libferry do not match; rebuild both",
       current_launch().kernel ? current_launch().kernel : "?",
       current_launch().file ? current_launch().file : "?",
       current_launch().line, what);
  std::abort();
}

namespace {

// "ferry: kernel 'k' (k.cc:3) called at main.cc:12": where LAUNCH is.
std::string site_of(const Launch &launch) {
  return describe_site({launch.kernel, launch.file, launch.line,
                        launch.call_site.file, launch.call_site.line});
}

// Ends the current launch before any buffer was acquired.
void abandon_launch() {
  for (Buffer &buffer : current_launch().buffers)
    if (buffer.host_is_temporary)
      std::free(buffer.host);
  current_launch().buffers.clear();
  give_back_seat(current_launch().seat);
  current_launch().active = false;
  end_signal_hold_of_launch();
}

// Check mode: a length that runs past the end of the heap block the
// pointer lies in would upload (or copy back over) other data.
void check_length_against_heap(const Launch &launch, const char *name,
                               const void *host, long long count,
                               unsigned long long bytes) {
  std::size_t room = 0;
  if (!page_guard::reporting() || !heap_blocks::runs_past(host, bytes, &room))
    return;
  abandon_launch();
  fatal("FERRY_CHECK: kernel '%s' (%s:%u): '%s' has the length %lld, %llu "
        "bytes from %p, but the heap block it lies in ends %llu bytes after "
        "it; the length must not run past the allocation",
        launch.kernel, launch.file, launch.line, name, count, bytes, host,
        static_cast<unsigned long long>(room));
}

inline Buffer &buffer_at(unsigned index) {
  Launch &launch = current_launch();
  if (__builtin_expect(!launch.active || index >= launch.buffers.size(), 0))
    launch_internal_error("buffer index out of range");
  return launch.buffers[index];
}

} // namespace

std::string launch_in_progress() {
  const Launch &launch = current_launch();
  if (!launch.active)
    return message_prefix();
  std::size_t bytes = 0;
  for (const Buffer &buffer : launch.buffers)
    bytes += buffer.bytes;
  return site_of(launch) + " (its " + std::to_string(launch.buffers.size()) +
         " buffers: " + std::to_string(bytes) + " bytes): ";
}

} // namespace ferry::rt

using namespace ferry::rt;

extern "C" void __ferry_launch_begin(unsigned abi_version, const char *kernel,
                                     const char *file, unsigned line,
                                     unsigned nbuffers) {
  OwnAllocations own;
  if (abi_version != FERRY_ABI_VERSION) {
    fatal("kernel '%s' (%s:%u) was built for ABI version %u, but this "
          "libferry implements version %u; rebuild it",
          kernel, file, line, abi_version, FERRY_ABI_VERSION);
  }
  Launch &launch = current_launch();
  if (launch.active) {
    // Only a synchronous signal's handler (SIGFPE, SIGBUS, ...: they
    // cannot wait) can leave a launch by a jump, or launch inside one.
    std::fprintf(stderr,
                 "%skernel '%s' (%s:%u) was called while this thread's launch "
                 "of '%s' (%s:%u) had not ended: a handler of a synchronous "
                 "signal (SIGFPE, SIGBUS, SIGILL, SIGTRAP, SIGSYS) jumped out "
                 "of that launch or called a kernel inside it; ferry cannot "
                 "tell which of that launch's bytes are current\n",
                 message_prefix(), kernel, file, line, launch.kernel,
                 launch.file, launch.line);
    std::abort();
  }
  hold_signals_for_launch();
  page_guard::ensure_signal_stack();
  launch.active = true;
  launch.seat = take_launch_seat();
  launch.armed = frames::take_armed(&launch.call_site);
  launch.kernel = kernel;
  launch.file = file;
  launch.line = line;
  launch.buffers.assign(nbuffers, Buffer{});
  launch.site = missed_site;
  missed_site = {};
  launch.mappings = shared_mappings::generation();
  launch.entry = nullptr;
  launch.replay = {};
  launch.kept_before = {};
  // Where the launcher kept this key's launch before, for it to keep it
  // there again.
  SiteRecord *record = launch.site.record;
  if (record && !record->held.exchange(true, std::memory_order_acquire)) {
    if (const KeptLaunch *kept =
            record->find(launch.site.key, launch.site.nkey))
      launch.kept_before = kept->replay;
    record->held.store(false, std::memory_order_release);
  }
}

extern "C" void __ferry_launch_buffer(unsigned index, const char *name,
                                      unsigned ownership, void *host,
                                      long long count,
                                      unsigned long long element_size,
                                      unsigned long long element_alignment) {
  OwnAllocations own;
  Buffer &buffer = buffer_at(index);
  const Launch &launch = current_launch();
  // A loop up to a negative length runs no iterations.
  count = std::max(count, 0LL);
  unsigned long long bytes = 0;
  if (__builtin_mul_overflow(static_cast<unsigned long long>(count),
                             element_size, &bytes)) {
    std::fprintf(stderr,
                 "%s: the length of '%s' is %lld elements of %llu bytes, more "
                 "than memory can hold\n",
                 site_of(launch).c_str(), name, count, element_size);
    abandon_launch();
    std::exit(EXIT_FAILURE);
  }
  if (!host && bytes && ownership != FERRY_SCRATCH) {
    std::fprintf(stderr,
                 "%s: '%s' is a null pointer, but its length is %lld "
                 "elements\n",
                 site_of(launch).c_str(), name, count);
    abandon_launch();
    std::exit(EXIT_FAILURE);
  }
  if (bytes && element_alignment > 1 &&
      reinterpret_cast<std::uintptr_t>(host) % element_alignment != 0) {
    std::fprintf(stderr,
                 "%s: '%s' starts at %p, which is not a multiple of %llu, the "
                 "alignment of its elements: a GPU cannot load them there\n"
                 "%sgive the kernel aligned data: allocate it as an array of "
                 "its element type (not inside a byte buffer at an odd "
                 "offset), or copy it to such an array first\n",
                 site_of(launch).c_str(), name, host, element_alignment,
                 message_prefix());
    abandon_launch();
    std::exit(EXIT_FAILURE);
  }
  check_length_against_heap(launch, name, host, count, bytes);
  if (shared_mappings::overlaps(host, bytes) &&
      launch.seat.target->device->has_separate_memory()) {
    std::fprintf(stderr,
                 "%s: '%s' lies in memory mapped shared (mmap with "
                 "MAP_SHARED, or shmat), which other mappings and processes "
                 "reach without ferry: a device copy would leave them stale "
                 "and lose their writes\n"
                 "%sgive the kernel a private copy (a std::vector, or "
                 "memory mapped MAP_PRIVATE), and copy the results back into "
                 "the shared memory after it\n",
                 site_of(launch).c_str(), name, message_prefix());
    abandon_launch();
    std::exit(EXIT_FAILURE);
  }
  buffer.name = name;
  buffer.ownership = ownership;
  buffer.host = static_cast<char *>(host);
  buffer.bytes = bytes;
  buffer.element_size = element_size ? element_size : 1;
  // A scratch buffer may be passed as nullptr: ferry provides the storage
  // for this launch (on the host it is the storage; elsewhere the key of the
  // device copy).
  if (ownership == FERRY_SCRATCH && !host && bytes) {
    buffer.host = static_cast<char *>(std::malloc(bytes));
    if (!buffer.host) {
      fatal("kernel '%s': no memory for %llu bytes of scratch '%s'",
            launch.kernel, bytes, name);
    }
    buffer.host_is_temporary = true;
  }
}

extern "C" void __ferry_launch_reach(unsigned index, long long first,
                                     long long end, unsigned line) {
  OwnAllocations own;
  const Buffer &buffer = buffer_at(index);
  if (end <= first ||
      (first >= 0 && static_cast<unsigned long long>(end) <= buffer.bytes))
    return;
  const Launch &launch = current_launch();
  const long long size = static_cast<long long>(buffer.element_size);
  const auto element = [size](long long byte) {
    return byte >= 0 ? byte / size : -((-byte + size - 1) / size);
  };
  abandon_launch();
  fatal("kernel '%s' (%s:%u): the loop at line %u reaches elements %lld to "
        "%lld of '%s', but its length is %llu elements; what lies outside "
        "is not on the device\n"
        "give '%s' a length that covers what the loop reaches, or make the "
        "loop stay inside it",
        launch.kernel, launch.file, launch.line, line, element(first),
        element(end - 1), buffer.name,
        static_cast<unsigned long long>(buffer.bytes / size), buffer.name);
}

namespace {

// The values each loop's disjointness was last checked for: a time loop
// launches with the same ones every step.
struct CheckedValues {
  std::mutex mutex;
  // By (the kernel's file, as the generated code passes it; buffer; loop
  // line): no allocation on a launch that was checked before.
  std::map<std::tuple<const char *, unsigned, unsigned>, std::vector<long long>>
      by_loop;
};

CheckedValues &checked_values() {
  static CheckedValues *all = new CheckedValues; // kernels run at exit too
  return *all;
}

// Enough for any halo and most whole-array loops; beyond it the check
// would cost more than the loop.
constexpr unsigned long long kDisjointLimit = 1ull << 27;

[[noreturn]] void report_overlap(const Launch &launch, const Buffer &buffer,
                                 unsigned line, const DisjointResult &result) {
  const long long size = static_cast<long long>(buffer.element_size);
  const long long element = result.byte >= 0
                                ? result.byte / size
                                : -((-result.byte + size - 1) / size);
  abandon_launch();
  if (result.kind == DisjointResult::too_large)
    fatal("kernel '%s' (%s:%u): the loop at line %u is race-free only if its "
          "accesses of '%s' are disjoint for this launch's values, and it "
          "makes %llu of them, more than ferry checks (%llu)\n"
          "make each iteration write only elements whose subscripts grow "
          "with the loop variables (see rule 2 of rules.md), or split the "
          "loop",
          launch.kernel, launch.file, launch.line, line, buffer.name,
          result.accesses, kDisjointLimit);
  const std::string how =
      result.kind == DisjointResult::two_writes
          ? "two iterations write it (lines " +
                std::to_string(result.write_line) + " and " +
                std::to_string(result.other_line) + ")"
          : "one iteration reads it (line " +
                std::to_string(result.other_line) +
                ") that another writes (line " +
                std::to_string(result.write_line) + ")";
  // shared_mut lets iterations update shared elements, never read what
  // others update.
  const std::string fix =
      result.kind == DisjointResult::two_writes
          ? "declare '" + std::string(buffer.name) +
                "' ferry::shared_mut if iterations really share elements"
          : "read what other iterations write from a copy made before the "
            "kernel (a second buffer), or split the loop in two kernels";
  fatal("kernel '%s' (%s:%u): with this launch's values the loop at line %u "
        "races on element %lld of '%s': %s\n"
        "the loop is accepted for values that keep its accesses of '%s' "
        "apart; %s",
        launch.kernel, launch.file, launch.line, line, element, buffer.name,
        how.c_str(), buffer.name, fix.c_str());
}

} // namespace

extern "C" void __ferry_launch_disjoint(unsigned index, unsigned line,
                                        unsigned nvars, unsigned nforms, ...) {
  OwnAllocations own;
  const Buffer &buffer = buffer_at(index);
  const Launch &launch = current_launch();
  std::vector<long long> values((4 + nvars) * nforms + 3 * nvars);
  va_list arguments;
  va_start(arguments, nforms);
  for (long long &value : values)
    value = va_arg(arguments, long long);
  va_end(arguments);
  const auto key = std::make_tuple(launch.file, index, line);
  CheckedValues &checked = checked_values();
  {
    std::lock_guard<std::mutex> lock(checked.mutex);
    auto found = checked.by_loop.find(key);
    if (found != checked.by_loop.end() && found->second == values)
      return;
  }
  std::vector<LoopVariable> variables(nvars);
  const long long *next = values.data();
  for (LoopVariable &var : variables) {
    var.lower = *next++;
    var.bound = *next++;
    var.parallel = *next++ != 0;
  }
  std::vector<AccessForm> forms(nforms);
  for (AccessForm &form : forms) {
    form.write = *next++ != 0;
    form.line = static_cast<unsigned>(*next++);
    form.constant = *next++;
    form.size = *next++;
    form.coefficients.assign(next, next + nvars);
    next += nvars;
  }
  const DisjointResult result =
      check_disjoint(variables, forms, kDisjointLimit);
  if (result.kind != DisjointResult::disjoint)
    report_overlap(launch, buffer, line, result);
  std::lock_guard<std::mutex> lock(checked.mutex);
  checked.by_loop[key] = std::move(values);
}

extern "C" int __ferry_launch_acquire(void) {
  OwnAllocations own;
  const Launch &launch = current_launch();
  if (!launch.active)
    launch_internal_error("acquire outside a launch");
  const LaunchSite site{launch.kernel, launch.file, launch.line,
                        launch.call_site.file, launch.call_site.line};
  const AliasConflict conflict = find_alias(launch.buffers);
  std::string refusal = conflict.written
                            ? describe_alias(site, conflict)
                            : find_message_conflict(site, launch.buffers);
  if (!refusal.empty()) {
    // The kernel's cleanup does not run for an exception from here.
    abandon_launch();
    report_alias(refusal);
  }
  // Every buffer first, then the views: an acquire may join entries that
  // an earlier buffer of the launch already has.
  launch.seat.transfers->acquire_all(*launch.seat.target,
                                     current_launch().buffers);
  count_launch();
  return launch.seat.target->device->openmp_device_number();
}

extern "C" unsigned long long
__ferry_launch_geometry(unsigned long long trip_count, int requested_teams,
                        int requested_threads, unsigned flags) {
  const Launch &launch = current_launch();
  const Target &target = launch.active ? *launch.seat.target : current_target();
  const bool inner_loops = (flags & FERRY_REGION_INNER_LOOPS) != 0;
  RegionGeometry geometry;
  if (target.device->runs_regions_on_host()) {
    geometry.thread_limit =
        host_fallback_threads(*target.device, trip_count, inner_loops);
  } else {
    const Settings &s = settings();
    if (s.geometry_teams > 0) {
      requested_teams = s.geometry_teams;
      requested_threads = s.geometry_gpu_threads;
    }
    geometry = target.launcher->region_geometry(trip_count, requested_teams,
                                                requested_threads, inner_loops);
  }
  return (static_cast<unsigned long long>(geometry.teams) << 32) |
         static_cast<unsigned>(geometry.thread_limit);
}

extern "C" void *__ferry_launch_view(unsigned index) {
  OwnAllocations own;
  return buffer_at(index).view;
}

extern "C" int __ferry_launch_direct(const char *entry, unsigned nargs,
                                     void **args, const char *roles,
                                     int requested_teams,
                                     int requested_threads) {
  OwnAllocations own;
  Launch &launch = current_launch();
  if (!launch.active || nargs == 0)
    launch_internal_error("direct launch outside a launch");
  // Launches that never take the direct path say why only under
  // FERRY_STATS: the reason's text cost more than the rest of a host
  // launch's bookkeeping.
  const Target &target = *launch.seat.target;
  const bool by_setting = settings().launch == LaunchPath::omp;
  if (by_setting || target.device->runs_regions_on_host()) {
    if (settings().stats)
      count_path(launch.kernel, entry, false,
                 by_setting ? "FERRY_LAUNCH=omp"
                            : "kernels run on the host (" +
                                  target.device->describe() + ")");
    return 0;
  }
  // Reused: a launch should cost microseconds, not allocations.
  thread_local ThreadLasting<std::vector<LaunchArgument>> arguments_state;
  std::vector<LaunchArgument> &arguments = arguments_state.value;
  arguments.clear();
  std::string why = !target.direct_path
                        ? "the direct path runs on one GPU of a process ("
                          "target " +
                              std::to_string(target.number) + " is another)"
                        : direct_arguments(target, launch.buffers, nargs, args,
                                           roles, &arguments);
  bool launched = false;
  if (why.empty()) {
    const std::vector<ConstantBuffer> &constants = constant_buffers(
        launch.buffers, *launch.seat.host_access, roles + nargs);
    LaunchRequest request;
    request.target = &target;
    request.entry = entry;
    request.kernel = launch.kernel;
    request.file = launch.file;
    request.line = launch.line;
    request.arguments = arguments.data();
    request.argument_count = nargs;
    request.constants = constants.data();
    request.constant_count = constants.size();
    request.total = *static_cast<const unsigned long long *>(args[nargs - 1]);
    request.requested_blocks = requested_teams;
    request.requested_threads = requested_threads;
    request.replay = launch.site.record ? &launch.replay : nullptr;
    LibraryCall call;                   // runtime.h: in the CUDA driver's locks
    launch.replay = launch.kept_before; // where to keep it, if it can be
    launched = target.launcher->launch(request, &why);
    launch.entry = entry;
  }
  count_path(launch.kernel, entry, launched, why);
  if (!launched && settings().launch == LaunchPath::direct) {
    fatal("kernel '%s' (%s:%u) cannot take the direct launch path that "
          "FERRY_LAUNCH=direct demands: %s",
          launch.kernel, launch.file, launch.line, why.c_str());
  }
  return launched ? 1 : 0;
}

namespace {

// After the kernel: the frames answer for a resident BUFFER of a launch
// that was ARMED; one that was not is settled now (frames.h).
void answer_for(const Buffer &buffer, bool armed, HostAccess &host) {
  const Range range = range_of(buffer.host, buffer.bytes);
  if (armed)
    frames::record(range, host);
  else
    frames::settle(range, host);
}

// At the end of a launch that __ferry_launch_again left to run: keeps it
// for the next call at its site with the same key when it can be made
// again (the launcher kept its direct launch; no temporary scratch and
// none of the user's own mappings, which each launch sets up anew; not in
// check mode, whose checks depend on more than the numbers), in place of
// the site's oldest if the key is new.  Otherwise what the site kept for
// the key is forgotten.
void keep_for_again(Launch &launch) {
  const MissedSite site = launch.site;
  launch.site = {};
  SiteRecord &record = *site.record;
  if (record.held.exchange(true, std::memory_order_acquire))
    return; // another thread's launch at the site keeps its own
  bool can = launch.replay.kept && launch.seat.counted && !settings().check &&
             !page_guard::reporting();
  for (const Buffer &buffer : launch.buffers)
    can = can && !buffer.host_is_temporary && !buffer.mapped_by_user;
  KeptLaunch *kept = record.find(site.key, site.nkey);
  if (!kept && can)
    kept = &record.launches[record.next++ % SiteRecord::kLaunches];
  if (kept) {
    kept->valid = can;
    kept->key.assign(site.key, site.key + site.nkey);
    kept->acquired = launch.buffers;
    kept->replay = launch.replay;
    kept->target = launch.seat.target;
    kept->mappings = launch.mappings;
    kept->kernel = launch.kernel;
    kept->entry = launch.entry;
  }
  record.held.store(false, std::memory_order_release);
}

// The launch SITE keeps for KEY, made again with ARGS if there is one
// and it still holds (abi.h, __ferry_launch_again): whether it ran.
bool launch_again(SiteRecord &site, const long long *key, unsigned nkey,
                  void **args) {
  Launch &launch = current_launch();
  KeptLaunch *found = site.find(key, nkey);
  if (!found || shared_mappings::generation() != found->mappings ||
      launch.active)
    return false;
  const KeptLaunch &record = *found;
  LaunchSeat seat = take_launch_seat();
  if (seat.target != record.target || !seat.counted) {
    give_back_seat(seat);
    return false;
  }
  // As the sequence's buffer calls leave them.
  std::vector<Buffer> &buffers = site.again;
  buffers.resize(record.acquired.size());
  for (std::size_t k = 0; k < buffers.size(); ++k) {
    const Buffer &kept = record.acquired[k];
    buffers[k] = Buffer{};
    buffers[k].name = kept.name;
    buffers[k].ownership = kept.ownership;
    buffers[k].host = kept.host;
    buffers[k].bytes = kept.bytes;
    buffers[k].element_size = kept.element_size;
  }
  seat.transfers->acquire_all(*seat.target, buffers);
  bool launched = true;
  for (std::size_t k = 0; k < buffers.size(); ++k)
    launched = launched &&
               buffers[k].direct_address == record.acquired[k].direct_address;
  if (launched) {
    LibraryCall call; // runtime.h: in the CUDA driver's locks
    launched = seat.target->launcher->launch_again(record.replay, args);
  }
  if (!launched) { // moved, or the launcher kept another: the sequence runs
    seat.transfers->release_all(*seat.target, buffers);
    give_back_seat(seat);
    return false;
  }
  count_launch();
  count_launch_again();
  if (settings().stats)
    count_path(record.kernel, record.entry, true, std::string());
  const bool armed = frames::take_armed();
  launch.resident.resize(buffers.size());
  for (std::size_t k = 0; k < buffers.size(); ++k)
    launch.resident[k] = buffers[k].device_copy != nullptr;
  seat.transfers->release_all(*seat.target, buffers);
  for (std::size_t k = 0; k < buffers.size(); ++k)
    if (launch.resident[k] && buffers[k].ownership != FERRY_SCRATCH)
      answer_for(buffers[k], armed, *seat.host_access);
  give_back_seat(seat);
  return true;
}

// SITE's record, made by the first of the threads that call there.
__attribute__((noinline)) SiteRecord *first_record(void **site) {
  auto *made = new SiteRecord;
  void *found = nullptr;
  if (__atomic_compare_exchange_n(site, &found, made, false, __ATOMIC_ACQ_REL,
                                  __ATOMIC_ACQUIRE))
    return made;
  delete made;
  return static_cast<SiteRecord *>(found);
}

} // namespace

extern "C" int __ferry_launch_again(void **site, const long long *key,
                                    unsigned nkey, void **args) {
  OwnAllocations own;
  SignalsWaitForLaunch wait;
  auto *record =
      static_cast<SiteRecord *>(__atomic_load_n(site, __ATOMIC_ACQUIRE));
  if (__builtin_expect(!record, 0))
    record = first_record(site);
  if (!record->held.exchange(true, std::memory_order_acquire)) {
    const bool launched = launch_again(*record, key, nkey, args);
    record->held.store(false, std::memory_order_release);
    if (launched)
      return 1;
  }
  missed_site = {record, key, nkey};
  return 0;
}

extern "C" void __ferry_launch_end(void) {
  OwnAllocations own;
  Launch &launch = current_launch();
  if (!launch.active)
    launch_internal_error("end outside a launch");
  // Whether each was resident, before the release forgets it.
  launch.resident.resize(launch.buffers.size());
  for (std::size_t k = 0; k < launch.buffers.size(); ++k)
    launch.resident[k] = launch.buffers[k].device_copy != nullptr;
  if (launch.site.record)
    keep_for_again(launch);
  launch.seat.transfers->release_all(*launch.seat.target, launch.buffers);
  for (std::size_t k = 0; k < launch.buffers.size(); ++k) {
    Buffer &buffer = launch.buffers[k];
    if (buffer.host_is_temporary) {
      launch.seat.host_access->forget(buffer.host, buffer.bytes);
      std::free(buffer.host);
    } else if (launch.resident[k] && buffer.ownership != FERRY_SCRATCH) {
      answer_for(buffer, launch.armed, *launch.seat.host_access);
    }
  }
  give_back_seat(launch.seat);
  launch.active = false;
  end_signal_hold_of_launch();
}

extern "C" void __ferry_register_frames_module(const char *code,
                                               unsigned long bytes) {
  direct_launcher().frames_module_registered(code, bytes);
}

extern "C" void __ferry_register_frames_cubin(const char *ptx,
                                              const char *arch,
                                              const void *cubin,
                                              unsigned long bytes,
                                              const char *notes) {
  direct_launcher().frames_cubin_registered(ptx, arch, cubin, bytes, notes);
}

extern "C" void __ferry_frame_enter(void) {
  OwnAllocations own;
  frames::enter();
}
extern "C" void __ferry_frame_leave(void) {
  OwnAllocations own;
  frames::leave(host_access());
}
extern "C" void __ferry_frame_call(const char *file, unsigned line) {
  OwnAllocations own;
  frames::arm({file, line});
}
extern "C" void __ferry_frame_param(const void *pointer) {
  OwnAllocations own;
  frames::param(pointer);
}

namespace {

// Whether a host access needs doing: something is on the device, it is
// not a call's inside a resident scope, and, where guarded pages see the
// host's accesses themselves, the statement is handed the buffer or
// touches these very bytes (one bulk sync rather than a fault per page).
// Strips the flags.  Under guarded pages a call that may write what it is
// handed only needs the device's newer bytes back: GCC cannot tell that
// most such calls only read (a const char * to std::ostream::write), and
// the pages see the writes of those that do.
bool needed(int *access) {
  const bool before_call = (*access & FERRY_HOST_BEFORE_CALL) != 0;
  const bool may_only = (*access & FERRY_HOST_MAY) != 0;
  *access &= ~(FERRY_HOST_BEFORE_CALL | FERRY_HOST_MAY);
  if (page_guard::resolving()) {
    if (may_only)
      return false;
    if (before_call && *access == FERRY_HOST_WRITES)
      *access = FERRY_HOST_READS;
  }
  return policy_created() && !(before_call && frames::in_scope());
}

} // namespace

namespace {

__attribute__((noinline)) void host_access_to_resident(const void *host,
                                                       unsigned long long bytes,
                                                       int access) {
  OwnAllocations own;
  if (!needed(&access))
    return;
  HostAccess &policy = host_access();
  if (!policy.holds(host, bytes))
    return;
  switch (access) {
  case FERRY_HOST_READS:
    policy.sync_to_host(host, bytes);
    break;
  case FERRY_HOST_OVERWRITES:
    policy.host_overwrote(host, bytes);
    break;
  default:
    policy.host_wrote(host, bytes);
    break;
  }
}

} // namespace

extern "C" void __ferry_host_access(const void *host, unsigned long long bytes,
                                    int access) {
  // Most of them read the stack (a lambda's closure, a vector's header),
  // where no buffer has ever been: the test takes no call and no lock.
  if (any_entry_may_touch(range_of(host, bytes ? bytes : 1)))
    host_access_to_resident(host, bytes, access);
}

extern "C" void __ferry_frame_access(int access) {
  OwnAllocations own;
  if (needed(&access))
    frames::access_all(access, host_access());
}

extern "C" int __ferry_region_device_enter(int device) {
  OwnAllocations own; // the first call may make the table of targets
  return enter_region_device(device) ? 1 : 0;
}

extern "C" void __ferry_region_device_leave(void) { leave_region_device(); }

extern "C" long long __ferry_mapped_elements(const void *host,
                                             unsigned long long element_bytes) {
  long long bytes = mapped_bytes_from(host);
  if (bytes < 0)
    bytes = current_target().device->program_block_bytes(host);
  return bytes < 0 || element_bytes == 0
             ? -1
             : bytes / static_cast<long long>(element_bytes);
}

extern "C" void *__ferry_program_address(const void *host) {
  OwnAllocations own;
  if (!host || mapped_bytes_from(host) < 0)
    return nullptr;
  return current_target().device->user_mapped_address(const_cast<void *>(host));
}
