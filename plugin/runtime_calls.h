// SPDX-License-Identifier: GPL-3.0-or-later
// Calls into libferry's ABI (runtime/abi.h), built as GENERIC.
//
// The declarations are made once per translation unit, with C linkage and
// the C++ front end's own library-function builder, so generated code needs
// no header from the user.
#ifndef FERRY_PLUGIN_RUNTIME_CALLS_H
#define FERRY_PLUGIN_RUNTIME_CALLS_H

#include "gcc_compat.h"

#include <vector>

namespace ferry::runtime_calls {

tree launch_begin(location_t location, const char *kernel, const char *file,
                  unsigned line, unsigned buffers);
tree launch_buffer(location_t location, unsigned index, const char *name,
                   unsigned ownership, tree host_pointer, tree count,
                   tree element_type);
tree launch_reach(location_t location, unsigned index, tree first, tree end,
                  unsigned line);
// VALUES: the long long arguments of __ferry_launch_disjoint after NFORMS.
tree launch_disjoint(location_t location, unsigned index, unsigned line,
                     unsigned nvars, unsigned nforms,
                     const std::vector<tree> &values);
tree launch_acquire(location_t location);
tree launch_view(location_t location, unsigned index);
tree launch_end(location_t location);
// ROLES: enum ferry_direct_role, one character per argument in ARGS (a
// `void *[]`).
tree launch_direct(location_t location, const char *entry, unsigned nargs,
                   tree args, const char *roles, tree requested_teams,
                   tree requested_threads);
tree launch_geometry(location_t location, tree trip_count, tree requested_teams,
                     tree requested_threads, unsigned flags);
// __ferry_launch_again(SITE, KEY, NKEY, ARGS): SITE the address of a
// `void *` of static storage, KEY of the first of NKEY long longs, ARGS as
// launch_direct's.
tree launch_again(location_t location, tree site, tree key, unsigned nkey,
                  tree args);

// __ferry_host_access(HOST_POINTER, BYTES, ACCESS) as a GENERIC call, for
// the statements of a kernel outside its loops (ACCESS: enum
// ferry_host_access).
tree host_access_statement(location_t location, tree host_pointer,
                           tree bytes, int access);

// __ferry_mapped_elements(HOST_POINTER, its element's size): the elements
// of the section the program's data directives mapped from it, or -1.
tree mapped_elements(location_t location, tree host_pointer);

// __ferry_program_address(HOST_POINTER): the device's address for it in a
// section the program's data directives mapped, or null.
tree program_address(location_t location, tree host_pointer);

// __ferry_region_device_enter(DEVICE): nonzero, with the calling thread's
// launches on that target until __ferry_region_device_leave(), where DEVICE
// (a region's `device` clause) names one of ferry's targets.
tree region_device_enter(location_t location, tree device);
tree region_device_leave(location_t location);

// The frame of a function that calls kernels (GENERIC).
tree frame_enter(location_t location);
tree frame_leave(location_t location);

// The host-sync calls, as GIMPLE statements for the pass in host_sync.cc.
// ACCESS is an enum ferry_host_access.
// LOCATION: the call site, for messages about the launch.
gcall *frame_call(location_t location);
gcall *frame_param(tree pointer);
gcall *host_access(tree host_pointer, tree bytes, int access);
// The same with ACCESS computed at run time (an int GIMPLE value).
gcall *host_access(tree host_pointer, tree bytes, tree access);
gcall *frame_access(int access);
// The frame of a function the front end never saw: an OpenMP construct's
// body that GCC outlined.
gcall *frame_enter_statement();
gcall *frame_leave_statement();
// Defined by ferry's MPI layer alone (runtime/mpi): a reference makes a
// program that relies on the layer fail to link without it.
gcall *mpi_layer_linked();

// libferry's entry points and the functions of <ferry/ferry.hpp>: they
// keep the books themselves.
bool is_runtime_function(tree fndecl);

// Garbage-collection roots for the declarations above, for
// PLUGIN_REGISTER_GGC_ROOTS.
const ggc_root_tab *gc_roots();

} // namespace ferry::runtime_calls

#endif
