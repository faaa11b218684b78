// SPDX-License-Identifier: GPL-3.0-or-later
// The direct launch path on NVIDIA (lower_direct.cc): a plain device entry
// for every parallel loop of a kernel, which libferry launches itself
// through the CUDA driver API instead of through libgomp.
#ifndef FERRY_PLUGIN_LOWER_DIRECT_H
#define FERRY_PLUGIN_LOWER_DIRECT_H

#include "kernel_model.h"
#include "ownership_check.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ferry {

// One loop's entry, as the host code that launches it needs it.
struct DirectEntry {
  // The entry's symbol in the device code; empty when the loop keeps the
  // OpenMP path only, and REASON says why.
  std::string symbol;
  std::string reason;
  // Whether SYMBOL has a framed twin, SYMBOL_framed, for when the loop's
  // device code takes stack frames (libferry decides on the PTX).
  bool framed = false;
  // Whether a nest's grid runs its second-innermost level along x
  // (x_along_next_level, iteration_space.h).
  bool x_along_next = false;
  // Per entry parameter, in order: what the host passes (a decl or an
  // expression of the kernel's parameters), and its role in runtime/abi.h's
  // encoding (enum ferry_direct_role).  A buffer's value is NULL_TREE: the
  // runtime passes the device address.  A reduction's value is the
  // variable itself, which the runtime updates.
  std::vector<tree> values;
  std::string roles;
  // The buffers (their roles) whose elements SYMBOL_constants takes as
  // parameters of its own, after SYMBOL's: borrowed arrays of a few
  // numbers and a length known at compile time, such as a filter's
  // coefficients, which the GPU then reads from its constant bank.  Empty
  // when there is no such twin.
  std::string constant_buffers;
  // The buffers (their roles, each followed by '0' + log2 of the bytes)
  // whose device addresses the entries assume aligned beyond their element
  // type: arrays of packed structs, whose fields GCC would otherwise load
  // a byte at a time.  libferry checks the addresses before it launches.
  std::string aligned_buffers;
};

// Builds the entries of KERNEL's loops (one per loop, in order).  Whether
// an entry can run is finally decided by libferry on its PTX, after GCC
// inlined the callees: one that still needs a stack frame keeps the OpenMP
// path.
//
// NON_COHERENT_READS: reads of borrow buffers use ld.global.nc
// (-fplugin-arg-ferry-nc-loads; doc/performance.md says why it is off).
std::vector<DirectEntry> build_direct_entries(const Kernel &kernel,
                                              const KernelFacts &facts,
                                              bool non_coherent_reads);

} // namespace ferry

#endif
