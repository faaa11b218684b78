// SPDX-License-Identifier: GPL-3.0-or-later
// OpenMP constructs written inside a kernel or a function it calls.
//
// A kernel means what its serial build computes, and the serial build
// ignores every `#pragma omp`.  The loop constructs (`simd`, `for`,
// `parallel for`, `loop`, `distribute`, combined or not) therefore become
// the plain loops they annotate, whose safety ferry checks as for any
// loop: GCC 12 lowers an `omp simd` nested in the SIMT region of a kernel
// to code that gives wrong answers on nvptx, and a loop construct on the
// kernel's own loop only repeats what ferry builds.  The constructs that
// order, serialise or split the iterations (`atomic`, `critical`,
// `ordered`, `single`, `master`, `task`, `barrier`, a bare `parallel`,
// `target`, `teams`, ...) have no meaning in a loop of independent
// iterations: each is an error at its pragma that says what to write
// instead.  doc/rules.md has the table.
//
// Input: a kernel's body at PLUGIN_PRE_GENERICIZE (C++ front-end trees), or
// a device function's body, already GENERIC.  Output: the body rewritten in
// place, or errors.
#ifndef FERRY_PLUGIN_KERNEL_PRAGMAS_H
#define FERRY_PLUGIN_KERNEL_PRAGMAS_H

#include "gcc_compat.h"

namespace ferry {

// Rewrites the loop constructs of FNDECL's body into plain loops: `for`
// statements of the front end when the body is not genericized yet, GENERIC
// loops when it is.  False, after an error at each pragma, when the body
// holds a construct that a kernel cannot run.
bool lower_kernel_pragmas(tree fndecl, bool genericized);

} // namespace ferry

#endif
