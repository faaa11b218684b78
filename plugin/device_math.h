// SPDX-License-Identifier: GPL-3.0-or-later
// The C library's maths in ferry's device code (device_math.cc): square
// roots, fmax and fmin inlined, and exp, log, sin, cos, atan, pow, expf,
// logf, sinf, cosf, atanf and powf of <ferry/device_maths.hpp> on nvptx.
//
// Input: the GIMPLE of ferry's device code (is_ferry_device_code: direct
// and team entries, twins, the helpers ferry prepares), after early
// inlining.  Output: each call of sqrt or sqrtf is the square-root
// instruction (the internal function .SQRT; not in a unit offloaded to
// amdgcn too, whose GCC 12 has none for a double), each call of fmax,
// fmaxf, fmin or fminf is its value computed in place, as newlib
// computes it (`isnan(x) ? y : isnan(y) ? x : x > y ? x : y`), and a
// function that holds use_device_maths' `.GOMP_USE_SIMT ()` test is left
// for GCC's device lowering (ompdevlow) to fold it.
//
// Why: on nvptx these are calls into newlib's libm, which GCC 12 does not
// inline: fmaxf tests each argument through a call of __fpclassifyf, and
// under -fmath-errno (GCC's default) sqrtf is `x >= 0 ? sqrt.rn(x) :
// sqrtf(x)`, a compare and a branch in every iteration and a second copy
// of the loop's tail, the call there only to set errno for a negative x
// (nbody's force loop: 3.62 ms a step with it, 3.26 ms without, on an
// H100); where the fast arm is not taken, sqrtf is newlib's software
// square root, a loop over the bits.  Only errno can tell the difference,
// and device code cannot read it: glibc's <errno.h> reads it through
// __errno_location, which newlib does not define, so a program whose
// device code touches errno does not link with GCC either.  The values
// are the same for every argument: sqrt.rn is correctly rounded, as sqrtf
// is, and the min/max expression is newlib's, signed zeros and NaNs'
// payloads included.
#ifndef FERRY_PLUGIN_DEVICE_MATH_H
#define FERRY_PLUGIN_DEVICE_MATH_H

#include "gcc_compat.h"

namespace ferry {

// Where a body runs: a device entry or twin on the GPU only; a helper on
// the host too.
enum class Runs { on_gpu_only, on_host_too };

// Replaces in *BODY each call of exp, log, sin, cos, atan, pow, expf,
// logf, sinf, cosf, atanf or powf by a call of <ferry/device_maths.hpp>'s (see
// there for why and how well): where the body RUNS on the host too, on
// nvptx only, the library's call kept elsewhere.
void use_device_maths(tree *body, Runs runs);

// -fplugin-arg-ferry-library-maths: use_device_maths changes nothing, so
// that device code computes what GCC's build computes, bit for bit.
void keep_library_maths();

opt_pass *make_device_math_pass(::gcc::context *context);

} // namespace ferry

#endif
