// SPDX-License-Identifier: GPL-3.0-or-later
// Calls whose host accesses guarded pages can answer for.
//
// A function that reaches memory only through its own loads and stores,
// kernel launches and calls of functions of the same kind (no library call
// that could hand a buffer to the system or a driver, no asm) touches a
// resident buffer's guarded pages only where libferry resolves each fault:
// a caller's sync of the whole buffer before calling it is then one that
// guarded pages make unnecessary.  Without this, a time loop that calls a
// halo routine of another file copies whole fields back every step.
//
// Input: each function as the host-sync pass meets it, after early inlining
// (callees before callers).  Output: the attribute "ferry resolvable" on
// such functions and, for one that other units can call, a marker symbol,
// `__ferry_resolvable.<assembler name>`; a caller in another unit refers to
// it weakly, so that its address is null unless the callee's unit was built
// by ferry and found the callee so.
#ifndef FERRY_PLUGIN_RESOLVABLE_CALLS_H
#define FERRY_PLUGIN_RESOLVABLE_CALLS_H

#include "gcc_compat.h"

namespace ferry {

// Marks FUN's function, and publishes its marker, when its host accesses
// are ones guarded pages resolve.
void note_resolvable(function *fun);

// For a call of CALLEE (null: through a pointer): boolean_true_node when
// guarded pages answer for its accesses, a boolean expression on the
// callee's marker when the callee is defined in another unit, NULL_TREE
// when nothing says so.
tree resolvable_callee(tree callee);

} // namespace ferry

#endif
