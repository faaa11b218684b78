// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Where the program's code lies in the process, as against the CUDA
// driver's: the executable segments of the objects loaded when the driver
// has linked the launcher's module (cuda_launch.cc), but for libcuda, the
// libnvidia-* libraries it loads and libferry itself (its own timers).  A clock read from the program's
// code waits for the kernels still running (Launcher::clock_read_waits);
// one from the driver's never does, as the driver reads clocks on its own
// threads and inside its waits while kernels run, and nor does one from a
// library loaded later (the JIT compiler the driver loads when libgomp
// links its image): a wait there could deadlock the driver, and a missed
// wait costs only a timer's accuracy.
#ifndef FERRY_RUNTIME_NVPTX_PROGRAM_CODE_H
#define FERRY_RUNTIME_NVPTX_PROGRAM_CODE_H

namespace ferry::rt::nvptx {

// Reads the ranges of the objects loaded now.  Called once.
void read_program_code();

// Whether ADDRESS is in the program's code as read; false before.
bool in_program_code(const void *address);

} // namespace ferry::rt::nvptx

#endif
