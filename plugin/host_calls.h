// SPDX-License-Identifier: GPL-3.0-or-later
// What the host-sync pass (host_sync.cc) knows of a call: kernels and
// launchers with the attributes the pass leaves on them, the calls that
// keep their own books (libferry's, the MPI layer's), calls that may
// launch, free memory or only print, and which buffers a call is handed.
#ifndef FERRY_PLUGIN_HOST_CALLS_H
#define FERRY_PLUGIN_HOST_CALLS_H

#include "gcc_compat.h"

namespace ferry {

// The attribute that records, on a function the pass instrumented, which
// pointer parameters are launcher parameters (runtime/launch/frames.h),
// and the one that marks a launcher as closed: it reaches host memory only
// through what it syncs itself by address.  Their names have a space, so
// no source can spell them.
extern const char kLauncherAttribute[];
extern const char kClosedLauncherAttribute[];

bool is_kernel(tree fndecl);
bool is_kernel_call(const gimple *statement);
// A call that ferry's MPI layer wraps (runtime/mpi/wrapped_calls.def).
bool is_synced_by_mpi_layer(tree fndecl);
// Calls that keep the books themselves: libferry's, and the MPI layer's.
bool syncs_itself(tree fndecl);
// The launcher parameters of FNDECL as a bit mask (0: not a launcher).
unsigned HOST_WIDE_INT launcher_params(tree fndecl);
bool is_closed_launcher(tree fndecl);
// Kernel calls, and calls of launchers: calls whose buffers the caller
// answers for.
bool is_launch_call(const gimple *statement);
// Whether argument I of the launch call CALL is a buffer it launches.
bool launches_argument(const gimple *call, unsigned i);
// Whether a call might launch a kernel, directly or through its callees.
bool may_launch(const gimple *statement);
// Calls that end the life of memory (free, delete, std:: destructors).
bool frees_memory(const gimple *statement);

// Output functions that only read the strings their pointer arguments
// name; STREAM is the FILE * argument (-1: none), which is not a buffer.
struct OutputFunction {
  built_in_function code;
  int stream;
};
const OutputFunction *output_function(const gimple *statement);

// A string literal's address, which no device ever writes.
bool is_string_literal(tree pointer);
// POINTER with plain SSA copies looked through.
tree copied_value(tree pointer);
// Whether ARGUMENT points into the object POINTER points to.
bool points_into(tree argument, tree pointer);
// Whether the call STATEMENT is handed a pointer into POINTER's object.
bool hands_over(const gimple *statement, tree pointer);

} // namespace ferry

#endif
