// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The composition root's face: libferry's process-wide objects, which
// runtime.cc alone makes and owns.  Each is made on first use and never
// destroyed, since kernels may run from static destructors and from threads
// still running after main returns:
//   the targets         a table of the places kernels run, by number
//                       (devices/target.h): FERRY_DEVICE's kind, each with
//                       its device and launcher, made as it is first used
//   the launcher        the direct path's vendor launcher, for the ISA of
//                       the program's offload images (devices/launcher.h)
//   the policy          FERRY_RESIDENCY's (residency/transfers.h), one for
//                       every target, handed to each caller as the
//                       interface of its own
//   the re-entry depth  how deep the calling thread is in the runtime's own
//                       code, which the interposers leave alone
// Any file of runtime/ may include this; only runtime.cc makes the objects.
#ifndef FERRY_RUNTIME_RUNTIME_H
#define FERRY_RUNTIME_RUNTIME_H

#include <signal.h>

#include <cstddef>

namespace ferry::rt {

class Device;
class Launcher;
class LaunchTransfers;
class HostAccess;
class ApiTransfers;
struct Target;

// The target the calling thread's kernels run on now: the OpenMP default
// device's, once the program has set it (omp_set_default_device), else
// the process's (ferry::select_gpu's, else FERRY_GPU's, else the one
// device_choice.cc picks).
Target &current_target();
// The places kernels can run (GPUs, FERRY_SIM_DEVICES sim devices, or the
// host: 1), numbered from 0.
int target_count();
// ferry::select_gpu: later kernels of the process run on target INDEX
// modulo target_count().  Before the first kernel, also the GPU that
// OpenMP's default device becomes.
void select_target(int index);
// omp_set_default_device, called by the program (hooks/openmp_hooks.cc):
// from now on each thread's kernels follow its OpenMP default device.
void program_chose_default_device();

Launcher &direct_launcher();

HostAccess &host_access();
ApiTransfers &api_transfers();
// Whether the policy has been made (the interposers must not make it).
bool policy_created();
// Whether this process is a forked child of one that had made its device:
// the parent's GPU context, and libgomp's device, are of no use here.
bool device_inherited_at_fork();

// What one launch runs on, from its beginning to its end (entry.cc): the
// same target and policy throughout, though the process may leave its
// devices for the host meanwhile.
struct LaunchSeat {
  Target *target = nullptr;
  LaunchTransfers *transfers = nullptr;
  HostAccess *host_access = nullptr;
  bool counted = false; // one of the launches the exit handler waits for
};
// A seat on the calling thread's target, for a launch now beginning.  On a
// device of separate memory the launch is counted until give_back_seat: the
// exit handler that leaves the device for the host waits for the launches that
// other threads still run, and a launch that begins while it leaves waits
// for it, then runs on the host.
LaunchSeat take_launch_seat();
void give_back_seat(LaunchSeat &seat);

// The per-thread depths behind the scopes below.  Defined here, so that a
// scope costs a thread-local increment (libferry's TLS is initial-exec)
// rather than a call: a launch enters some thirty of them.
inline thread_local int inside_runtime_depth = 0;
inline thread_local int own_allocations_depth = 0;
inline thread_local int signals_held_depth = 0;
inline thread_local int library_calls_depth = 0;
inline thread_local int launches_open_depth = 0;
inline thread_local bool signals_deferred_flag = false;

inline int &inside_runtime() { return inside_runtime_depth; }

// How deep this thread is in code that the program's signal handlers must
// not interrupt (hooks/signal_hooks.cc): a handler that touches a buffer
// faults into ferry, whose copy may take a lock the interrupted code holds
// (the policy's, malloc's arena, libgomp's, the CUDA driver's).  Such
// handlers wait, and run when the outermost SignalsHeld ends.
inline int &signals_held() { return signals_held_depth; }
// How many launches this thread has begun and not ended (entry.cc): the
// handlers wait for their ends too, since a handler that jumps out with
// siglongjmp, or launches, would leave a launch half made.  Nothing else
// of SignalsHeld applies there: the kernel's host-fallback region runs
// the program's code, and the threads it starts are the program's.
inline int &launches_open() { return launches_open_depth; }
inline bool handlers_wait() {
  return signals_held() > 0 || launches_open() > 0;
}
inline bool &signals_deferred() { return signals_deferred_flag; }
void deliver_deferred_signals();

// Every signal but the synchronous ones (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
// SIGTRAP, SIGSYS), which come from the code that runs and, blocked,
// would kill the process.
sigset_t asynchronous_signals();

class SignalsHeld {
public:
  SignalsHeld() { ++signals_held(); }
  ~SignalsHeld() {
    if (--signals_held() == 0 && !handlers_wait() && signals_deferred())
      deliver_deferred_signals();
  }
  SignalsHeld(const SignalsHeld &) = delete;
  SignalsHeld &operator=(const SignalsHeld &) = delete;
};

// How deep this thread is in a call to libgomp or the CUDA driver that a
// launch or the program makes (LibraryCall).  They free and unmap memory
// of their own while holding their own locks (libgomp's device lock,
// around its mapping tables), which a holder of the residency table's
// lock may be waiting for in a copy: the hooks that see those frees
// must not wait for that lock (resident_transfers.cc, host_freeing).
inline int &library_calls() { return library_calls_depth; }

// Marks a call into libgomp or the CUDA driver for as long as it lives;
// the program's signal handlers wait until it ends.
class LibraryCall {
public:
  LibraryCall() { ++library_calls(); }
  ~LibraryCall() { --library_calls(); }
  LibraryCall(const LibraryCall &) = delete;
  LibraryCall &operator=(const LibraryCall &) = delete;

private:
  SignalsHeld held_; // ends after the depth is back
};

// Marks the runtime's own code for as long as it lives: its frees, copies
// and protection changes are not the program's, and the program's signal
// handlers wait until it ends.
class RuntimeScope {
public:
  RuntimeScope() { ++inside_runtime(); }
  ~RuntimeScope() { --inside_runtime(); }
  RuntimeScope(const RuntimeScope &) = delete;
  RuntimeScope &operator=(const RuntimeScope &) = delete;

private:
  SignalsHeld held_; // ends after the depth is back
};

inline int &own_allocations() { return own_allocations_depth; }

// Marks libferry's own steps that run outside a RuntimeScope (a launch's
// entry points, the host-sync frames), where faults must still resolve:
// their allocations are glibc's, never beside the program's buffers in
// libferry's small blocks (pages/small_blocks.h), and their frees skip the
// residency table (a dozen blocks a launch).
class OwnAllocations {
public:
  OwnAllocations() { ++own_allocations(); }
  ~OwnAllocations() { --own_allocations(); }
  OwnAllocations(const OwnAllocations &) = delete;
  OwnAllocations &operator=(const OwnAllocations &) = delete;
};

// Whether host code outside the runtime must ask the policy before it hands
// [data, data + bytes) to a library (a system call, MPI): part of it has a
// device copy.  One atomic load while nothing is resident.
bool handed_range_resident(const void *data, std::size_t bytes);

} // namespace ferry::rt

#endif
