// SPDX-License-Identifier: GPL-3.0-or-later
// The functions that kernels call become device functions (rule 5).
//
// Input: the callees the ownership check found in a kernel's loops.
// Output: every function reachable from the kernel marked `omp declare
// target`, so GCC also compiles it for the offload targets, with its body
// prepared for GCC 12's SIMT code generation (see simt_safety.h) and its
// OpenMP loop constructs made plain loops (kernel_pragmas.h); errors for
// what GCC cannot offload (offload_limits.h), for callees whose bodies are
// not visible, for indirect and virtual calls, and for kernels called from
// kernels; and whether any callee keeps a pattern
// that GCC 12 miscompiles inside `omp simd`, in which case the kernel's
// OpenMP region is built without simd.
//
// Bodies must be known when the kernel is compiled: device functions are
// defined anywhere in the translation unit (a kernel that calls one defined
// later is compiled at the end of the unit); templates are instantiated on
// demand.
#ifndef FERRY_PLUGIN_DEVICE_FUNCTIONS_H
#define FERRY_PLUGIN_DEVICE_FUNCTIONS_H

#include "gcc_compat.h"
#include "kernel_model.h"

#include <vector>

namespace ferry {

struct DeviceFunctions {
  bool ok = true;
  // A callee that takes the address of one of its own locals, which GCC 12
  // can miscompile inside `omp simd` on nvptx; NULL_TREE when none does.
  tree unsafe_in_simd = NULL_TREE;
  tree unsafe_local = NULL_TREE;
  location_t unsafe_location = UNKNOWN_LOCATION;
};

// FNDECL's body, instantiating a template instance first; NULL_TREE when
// the body is not visible here.
tree visible_body(tree fndecl);

// While one lives, visible_body() instantiates nothing but the standard
// library's templates: the program's own OpenMP regions are checked without
// instantiating a template of the program before the point where the front
// end would (its lookups could see less there).
class NoInstantiation {
public:
  NoInstantiation() : outer_(active) { active = true; }
  ~NoInstantiation() { active = outer_; }
  NoInstantiation(const NoInstantiation &) = delete;
  NoInstantiation &operator=(const NoInstantiation &) = delete;
  static bool active;

private:
  bool outer_;
};

// Whether FNDECL, declared without a body, is a function of the C library
// that the device's libraries provide too: declared in a system header
// with C linkage and named as one of GCC's library builtins, which strict
// ISO modes leave unrecognised (`sincosf` under -std=c++17); or OpenMP's
// omp_is_initial_device.
bool device_library_function(tree fndecl);

// The first function FNDECL calls, directly or through the bodies of its
// callees, that has no body yet and is no device library function;
// NULL_TREE when every one is defined.
tree undefined_callee(tree fndecl);
// The same for the statements BODY.
tree undefined_callee_in(tree body);

// The device's maths (device_math.h) in the helpers BODY calls, and in
// the helpers they call, which become ferry's device code, as a kernel's
// helpers do: for a team entry, which calls the program's helpers as they are (scel's logf of
// expf, newlib's on nvptx: 7x its CUDA's time on an H100).
void use_device_maths_in_callees(tree body);

// The first routine of the OpenMP runtime (omp_get_num_threads,
// omp_get_team_num, ..., and GOMP_barrier, which a barrier construct
// calls) that BODY calls, directly or through the bodies of its callees,
// but omp_is_initial_device: what they answer depends on
// the threads and teams of the construct that runs the code, which a
// launch of ferry's entry does not set up as libgomp does; NULL_TREE if
// none.
tree openmp_query_in(tree body);

// The first variable of 'omp declare target' (or its link form) that BODY
// or the bodies of its callees name and may write (not read-only);
// NULL_TREE if none.  ferry's entries are loaded as a module of their
// own, whose copies of such variables are not libgomp's: not those that
// `target update` and the program's other regions see.
tree writable_device_global_in(tree body);

// Makes each read-only table of static storage that this unit defines
// and BODY or its callees read (`static const uint8_t sbox[16] = {...}`)
// a variable of 'omp declare target': GCC's own regions map such a table
// implicitly, but a direct entry names it, and GCC's offload compiler
// then stops at a variable "referenced in offloaded code but ... not
// marked".  Its copy in each image holds the same constant bytes.
void offload_constant_tables(tree body);

DeviceFunctions prepare_device_functions(
    const Kernel &kernel,
    const std::vector<std::pair<tree, location_t>> &callees);

} // namespace ferry

#endif
