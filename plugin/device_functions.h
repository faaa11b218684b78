// The functions that kernels call become device functions (rule 5).
//
// Input: the callees the ownership check found in each kernel's loops.
// Output: each callee marked `omp declare target`, so GCC also compiles it
// for the offload targets; and, once the whole unit has been read, an error
// for every callee whose body is not in this translation unit.
#ifndef FERRY_PLUGIN_DEVICE_FUNCTIONS_H
#define FERRY_PLUGIN_DEVICE_FUNCTIONS_H

#include "gcc_compat.h"
#include "kernel_model.h"

#include <vector>

namespace ferry {

void make_device_functions(const Kernel &kernel,
                           const std::vector<tree> &callees);

// PLUGIN_ALL_IPA_PASSES_START: every callee must have been defined by now.
void check_device_functions_defined();

// Garbage-collection roots of the callee list, for PLUGIN_REGISTER_GGC_ROOTS.
const ggc_root_tab *device_function_gc_roots();

} // namespace ferry

#endif
