// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// One place kernels run, by its number: a GPU (its OpenMP device number),
// one of the sim devices (FERRY_SIM_DEVICES), or the host.  The
// composition root (runtime.h) keeps a table of them, made on first use
// and never destroyed; a launch is seated on one from its beginning to its
// end, and a resident buffer's device copy lives on one at a time
// (residency/transfers.h).
#ifndef FERRY_RUNTIME_TARGET_H
#define FERRY_RUNTIME_TARGET_H

namespace ferry::rt {

class Device;
class Launcher;

struct Target {
  int number = 0;               // its place in the table
  Device *device = nullptr;     // its memory, copies and OpenMP regions
  Launcher *launcher = nullptr; // its vendor's, for the images' ISA
  // Whether the launcher runs direct entries here.  It holds the context
  // of one GPU: the other GPUs' kernels run their OpenMP regions.
  bool direct_path = true;
};

} // namespace ferry::rt

#endif
