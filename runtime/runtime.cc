// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The composition root (runtime.h): makes and owns the table of targets,
// the direct launcher and the transfer policy, the only process-wide
// state the rest of libferry reaches for; seats each launch on them; and
// leaves the devices for the host at exit, before libgomp finalizes them,
// once the launches other threads still run have ended, and in a forked
// child.  The interposers' state of their own (the heap blocks, the page
// guard, the message pool) lives with them; everything else is passed in.
#include "runtime.h"

#include "core/settings.h"
#include "devices/device.h"
#include "devices/target.h"
#include "nvptx/cuda_launch.h"
#include "pages/page_guard.h"
#include "residency/transfers.h"

#include <omp.h>

#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>

namespace ferry::rt {

namespace {

// ferry::select_gpu's index, or -1, until the first target is made.
std::atomic<int> requested_gpu{-1};
std::atomic<bool> device_created{false};
// Set once the program calls omp_set_default_device itself.
std::atomic<bool> follow_openmp_default{false};
// The target that the `device` clause of the program's region names, while
// the calling thread runs that region as a kernel; -1 outside one.
thread_local int region_device = -1;

std::atomic<bool> created{false};

// Set in a forked child when the parent had made its device.
std::atomic<bool> device_inherited{false};

// Set once the process has left its device for the host: at exit
// (leave_device_at_exit), and in a forked child (after_fork_in_child).
std::atomic<bool> host_only{false};

// Leaving at exit takes three steps: `leaving` makes the launches that
// begin now wait; the launches already seated on the device end there;
// what the device holds newer comes back, and host_only lets the waiting
// launches run on the host.  The counts are sequentially consistent, so a
// launch either sees `leaving` or is counted before the exit handler looks.
std::atomic<bool> leaving{false};
std::atomic<int> seats_on_device{0};
thread_local int own_seats = 0; // this thread's, at most one

void pause_briefly() {
  std::this_thread::sleep_for(std::chrono::microseconds(100));
}

Target &host_target() {
  static Target *target =
      new Target{0, make_host_device().release(), &direct_launcher()};
  return *target;
}

TransferPolicy &host_policy() {
  static TransferPolicy *policy = make_naive_transfers().release();
  return *policy;
}

void leave_device_at_exit();

// The targets, each made as a launch first needs it: opening a GPU costs
// its context and libgomp's loading of the images.  The first is the one
// the process starts on (choose_device); on a GPU, target N is OpenMP
// device N.
class TargetTable {
public:
  TargetTable() {
    // The threads libgomp and the CUDA driver start now block the
    // program's asynchronous signals (hooks/signal_hooks.cc).
    SignalsHeld held;
    device_created.store(true);
    ChosenDevice chosen =
        choose_device(requested_gpu.load(), direct_launcher());
    count_ = chosen.count;
    targets_.reset(new std::atomic<Target *>[count_]());
    default_number_.store(chosen.number);
    launcher_number_ = chosen.number;
    targets_[chosen.number].store(
        new Target{chosen.number, chosen.device.release(), &direct_launcher()},
        std::memory_order_release);
    if (targets_[chosen.number].load()->device->has_separate_memory())
      std::atexit(leave_device_at_exit);
  }

  int count() const { return count_; }
  int default_number() const { return default_number_.load(); }
  void set_default_number(int number) { default_number_.store(number); }

  Target &at(int number) {
    if (Target *made = targets_[number].load(std::memory_order_acquire))
      return *made;
    SignalsHeld held;
    std::lock_guard<std::mutex> lock(mutex_);
    if (Target *made = targets_[number].load())
      return *made;
    // The launcher holds the context of the GPU it was prepared for: the
    // direct path runs there, and the other GPUs' kernels run their
    // OpenMP regions.
    const bool launches = number == launcher_number_;
    auto *made =
        new Target{number, make_device(number, direct_launcher()).release(),
                   &direct_launcher(), launches};
    targets_[number].store(made, std::memory_order_release);
    return *made;
  }

private:
  std::unique_ptr<std::atomic<Target *>[]> targets_;
  int count_ = 1;
  std::atomic<int> default_number_{0};
  int launcher_number_ = 0;
  std::mutex mutex_;
};

TargetTable &target_table() {
  static TargetTable *table = new TargetTable;
  return *table;
}

// libgomp finalizes its devices in an exit handler that it registers when
// OpenMP first looks for them, which choosing the device does; this one is
// registered right after, so it runs first.  Launches that other threads
// still run end on the GPU; then what it holds newer comes back while it
// still can give it, and the kernels that exit handlers, static
// destructors and those threads launch later run on the host, on the
// host's bytes (before, they stopped with "cuLaunchKernel ... unknown
// error").  The sim device leaves the same way, so that tests without a
// GPU run the same teardown.  A launch of the exiting thread itself (one
// that stops the program) does not wait for itself, and an exit from inside
// libferry (an error, the policy's lock held) leaves nothing to bring back.
void leave_device_at_exit() {
  if (host_only.load())
    return;
  if (inside_runtime() > 0) {
    host_only.store(true, std::memory_order_release);
    return;
  }
  leaving.store(true);
  direct_launcher().submit_held("the program's end");
  while (seats_on_device.load() > own_seats)
    pause_briefly();
  if (policy_created())
    host_access().release_range(nullptr, SIZE_MAX);
  host_only.store(true, std::memory_order_release);
}

TransferPolicy &program_policy();

// fork: the parent keeps its device and its buffers; the child starts with
// the host's bytes current, and its kernels run on the host.  A child
// cannot use its parent's GPU context (CUDA: "initialization error"), and
// a descriptor of /proc/self/mem from before the fork writes the
// parent's memory.  Whether the forking thread prepared the policy:
thread_local bool prepared_fork = false;

void before_fork() {
  prepared_fork = policy_created() && !host_only.load();
  if (prepared_fork)
    program_policy().before_fork();
}

void after_fork_in_parent() {
  if (prepared_fork)
    program_policy().after_fork(false);
  prepared_fork = false;
}

void after_fork_in_child() {
  if (device_created.load())
    device_inherited.store(true);
  if (prepared_fork)
    program_policy().after_fork(true);
  prepared_fork = false;
  page_guard::forget_own_memory();
  // The parent's other threads, and their launches, are not in the child.
  seats_on_device.store(0);
  host_only.store(true, std::memory_order_release);
}

// FERRY_RESIDENCY's policy over the process's targets.
TransferPolicy &program_policy() {
  static TransferPolicy *policy = [] {
    TransferPolicy *made = (settings().residency ? make_resident_transfers()
                                                 : make_naive_transfers())
                               .release();
    pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
    page_guard::register_resolver(*made);
    created.store(true, std::memory_order_release);
    return made;
  }();
  return *policy;
}

TransferPolicy &policy() {
  if (host_only.load(std::memory_order_acquire))
    return host_policy();
  return program_policy();
}

} // namespace

Target &current_target() {
  if (host_only.load(std::memory_order_acquire))
    return host_target();
  TargetTable &table = target_table();
  if (region_device >= 0)
    return table.at(region_device);
  if (follow_openmp_default.load(std::memory_order_relaxed)) {
    const int number = omp_get_default_device();
    if (number >= 0 && number < table.count())
      return table.at(number);
  }
  return table.at(table.default_number());
}

int target_count() { return target_table().count(); }

void select_target(int index) {
  if (!device_created.load()) {
    requested_gpu.store(index);
    if (!device_created.load())
      return;
  }
  TargetTable &table = target_table();
  table.set_default_number(index % table.count());
}

bool enter_region_device(int number) {
  if (number < 0 || number >= target_count())
    return false;
  region_device = number;
  return true;
}

void leave_region_device() { region_device = -1; }

void program_chose_default_device() {
  follow_openmp_default.store(true, std::memory_order_relaxed);
}

// The one vendor launcher built today is NVIDIA's; an AMD one would be
// chosen here by the offload image the program registered.
Launcher &direct_launcher() {
  static Launcher *launcher = nvptx::make_cuda_launcher().release();
  return *launcher;
}

LaunchSeat take_launch_seat() {
  LaunchSeat seat;
  Target &target = current_target();
  if (target.device->has_separate_memory() && !host_only.load()) {
    seats_on_device.fetch_add(1);
    if (!leaving.load()) {
      ++own_seats;
      seat.target = &target;
      seat.transfers = &program_policy();
      seat.host_access = &program_policy();
      seat.counted = true;
      return seat;
    }
    seats_on_device.fetch_sub(1);
    while (!host_only.load(std::memory_order_acquire))
      pause_briefly();
  }
  TransferPolicy &chosen = policy();
  seat.target = &current_target();
  seat.transfers = &chosen;
  seat.host_access = &chosen;
  return seat;
}

void give_back_seat(LaunchSeat &seat) {
  if (!seat.counted)
    return;
  seat.counted = false;
  --own_seats;
  seats_on_device.fetch_sub(1);
}

HostAccess &host_access() { return policy(); }
ApiTransfers &api_transfers() { return policy(); }

bool policy_created() { return created.load(std::memory_order_acquire); }

bool device_inherited_at_fork() { return device_inherited.load(); }

bool handed_range_resident(const void *data, std::size_t bytes) {
  return data && bytes && inside_runtime() == 0 && policy_created() &&
         host_access().holds(data, bytes);
}

} // namespace ferry::rt
