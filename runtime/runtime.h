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
// The per-thread scopes that say what the calling thread is in (the
// runtime's own code, a library call, a launch) are core/scopes.h's.
// The files above the composition root (entry.cc, api.cc, hooks/, mpi/,
// launch/frames.cc) include this; only runtime.cc makes the objects.
#ifndef FERRY_RUNTIME_RUNTIME_H
#define FERRY_RUNTIME_RUNTIME_H

#include "core/scopes.h"

#include <cstddef>

namespace ferry::rt {

class Device;
class Launcher;
class LaunchTransfers;
class HostAccess;
class ApiTransfers;
struct Target;

// The target the calling thread's kernels run on now: the one the `device`
// clause of the program's region names while ferry runs that region as a
// kernel; else the OpenMP default device's, once the program has set it (omp_set_default_device), else
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
// A program's region with `device(NUMBER)` that ferry runs as a kernel
// (abi.h, __ferry_region_device_enter): the calling thread's launches run
// on target NUMBER until leave_region_device.  False, and nothing changed,
// where NUMBER is no target's: the region then runs as GCC compiled it,
// which does what OpenMP says for such a number (the host, for
// omp_get_initial_device()).
bool enter_region_device(int number);
void leave_region_device();
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

// Whether host code outside the runtime must ask the policy before it hands
// [data, data + bytes) to a library (a system call, MPI): part of it has a
// device copy.  One atomic load while nothing is resident.
bool handed_range_resident(const void *data, std::size_t bytes);

} // namespace ferry::rt

#endif
