// SPDX-License-Identifier: GPL-3.0-or-later
// Host sync: the calls that keep host code and resident device copies
// consistent around kernel calls (runtime/launch/frames.h says what they do).
//
// Input: functions that call [[ferry::kernel]] functions.  Output: those
// functions with a launch frame (at PLUGIN_PRE_GENERICIZE), and, from a
// GIMPLE pass after early inlining, a __ferry_host_access call before each
// host statement that GCC's alias oracle says may touch a buffer a kernel
// call of the function uses.
#ifndef FERRY_PLUGIN_HOST_SYNC_H
#define FERRY_PLUGIN_HOST_SYNC_H

#include "gcc_compat.h"

namespace ferry {

// Wraps FNDECL's body in a launch frame if it calls a kernel.
void add_launch_frame(tree fndecl);

// The GIMPLE pass that inserts the host-sync calls; ferry_plugin.cc places
// it after early inlining.
opt_pass *make_host_sync_pass(::gcc::context *context);

} // namespace ferry

#endif
