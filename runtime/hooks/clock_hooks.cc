// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The wall clocks a program times its work by: clock_gettime (which C++'s
// steady_clock and system_clock, omp_get_wtime and MPI_Wtime read) and
// gettimeofday.
//
// An OpenMP target region without `nowait` returns when its work is done,
// and a CUDA program waits for its kernels before it stops a timer; a
// direct launch returns once the kernel is queued, and what the host reads
// of its buffers waits for it.  So a timer around unchanged OpenMP code
// measured the launches' submission, and a port needed ferry::wait()
// before each timer stopped.  Now the program's read of a wall clock
// waits first for the entries launched since the last wait, as if each
// had returned when done; only a clock could tell, and the launches still
// follow each other without a wait between clock reads.  The CPU-time
// clocks and reads from ferry's own code or the GPU driver's
// (Launcher::clock_read_waits) are left alone; FERRY_CLOCKS_WAIT=0 leaves
// every read alone.  FERRY_STATS counts the reads that waited.
#include "hooks/interposer.h"

#include "core/settings.h"
#include "core/stats.h"
#include "devices/launcher.h"

#include <sys/time.h>
#include <time.h>

namespace {

using namespace ferry::rt;

// Not a CPU-time clock: the process's, the thread's, or one that
// clock_getcpuclockid or pthread_getcpuclockid made (a negative id).
bool wall_clock(clockid_t clock) {
  return clock >= 0 && clock != CLOCK_PROCESS_CPUTIME_ID &&
         clock != CLOCK_THREAD_CPUTIME_ID;
}

// Waits for the direct launches that may still run, where the read by the
// code at CALLER is the program's.
void wait_for_launches(const void *caller) {
  // A clock read inside the wait (the driver's, on this thread) must not
  // wait again.
  thread_local bool waiting = false;
  if (waiting || !hooks::program_call() || handlers_wait() ||
      !settings().clocks_wait)
    return;
  Launcher &launcher = direct_launcher();
  if (!launcher.clock_read_waits(caller))
    return;
  hooks::PreservedErrno errno_kept;
  waiting = true;
  launcher.wait();
  waiting = false;
  count_clock_wait();
}

} // namespace

FERRY_HOOK int clock_gettime(clockid_t clock, struct timespec *time) {
  static const auto real =
      hooks::next<int (*)(clockid_t, struct timespec *)>("clock_gettime");
  if (wall_clock(clock))
    wait_for_launches(__builtin_return_address(0));
  return real(clock, time);
}

FERRY_HOOK int gettimeofday(struct timeval *time, void *zone) {
  static const auto real =
      hooks::next<int (*)(struct timeval *, void *)>("gettimeofday");
  wait_for_launches(__builtin_return_address(0));
  return real(time, zone);
}
