// SPDX-License-Identifier: GPL-3.0-or-later
// Short counted loops in device code are unrolled before GCC scalarizes
// local arrays, and loops counted at run time that ask for it are
// unrolled before the code is streamed (device_loops.cc).
//
// Input: the GIMPLE of every function compiled for the offload targets
// (`omp declare target`: kernels' helpers, direct entries, OpenMP regions),
// after early inlining.  Output: each innermost loop whose body runs a
// known count of at most kMaxUnrolledTrips times, and whose copies come to
// at most kMaxUnrolledStatements statements, marked for complete
// unrolling, as `#pragma GCC unroll` marks one.
//
// Why: a helper's small array indexed by such a loop (XSBench's
// double[5] of cross sections, a docking score's float[8] and float[16]
// per pose) stays in memory unless the loop is unrolled before late SRA,
// and GCC's own heuristics unroll few such loops (their branches and size
// exceed its peeling limits).  nvcc unrolls them and keeps the arrays in
// registers, spilling what does not fit.  On nvptx that memory is a
// per-thread frame, read and written at every use, or in libgomp's image
// a soft-stack frame, which sends a direct entry to its framed twin
// (doc/performance.md, "A lookup kernel").
//
// In a _constants twin (lower_direct.cc), whose constant buffers are local
// arrays made of its parameters, every loop, inner or not, whose trips and
// those of the marked loops inside it come to at most kMaxConstantCopies
// copies of its body is marked: a filter's 16 taps, a 3 x 3 stencil's
// weights.  Unrolled, the arrays become the parameters themselves, read
// from the constant bank; otherwise the twin takes a frame, and libferry
// launches the plain entry.
//
// The second pass, after early redundancy elimination has left each exit
// test a plain comparison: each innermost loop marked for unrolling
// whose trip count is known at run time only (ferry's strided reduction
// loops, tree_utils.h's unrollable_for; a user's `#pragma GCC unroll` in
// a kernel) becomes a loop of that many copies of its body and a loop for
// the rest.  Why here: GCC 12's nvptx offload compiler never unrolls such
// a loop (its RTL unroller's gate reads a flag the stream from the host
// does not carry), so a reduction's loads were in flight one at a time.
#ifndef FERRY_PLUGIN_DEVICE_LOOPS_H
#define FERRY_PLUGIN_DEVICE_LOOPS_H

#include "gcc_compat.h"

namespace ferry {

constexpr unsigned kMaxUnrolledTrips = 16;

// The copies of a strided loop's body that ferry's reduction loops ask
// for (tree_utils.h, unrollable_for), which the pass makes.
constexpr int kStridedUnroll = 4;
constexpr unsigned kMaxUnrolledStatements = 4096;
constexpr unsigned kMaxConstantCopies = 64;

// The attribute lower_direct.cc gives a _constants twin; its name has a
// space, so no source can spell it, and no function is taken for a twin
// by its name.
constexpr char kConstantsTwinAttribute[] = "ferry constants twin";

// The attribute of the device code ferry makes or prepares: its direct
// entries and the helpers a kernel calls (device_functions.cc); a
// kernel's own OpenMP regions carry the kernel's ferry:kernel.  Its name
// has a space, so no source can spell it.
constexpr char kFerryDeviceCodeAttribute[] = "ferry device code";

// Whether FNDECL is device code of ferry's, which its device passes may
// change: a kernel's OpenMP region or helper, or a direct entry.  The
// program's own target regions and declare target functions are compiled
// as GCC compiles them.
bool is_ferry_device_code(tree fndecl);

opt_pass *make_device_loops_pass(::gcc::context *context);
opt_pass *make_device_unroll_pass(::gcc::context *context);

} // namespace ferry

#endif
