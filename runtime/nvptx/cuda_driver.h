// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The part of the CUDA driver API that ferry uses, declared here (as
// libgomp's plugin does) so that no CUDA SDK is needed to build it: the
// handle types, the few structures and constants of the driver's ABI, and
// the functions of cuda_driver.def, bound at run time with dlopen/dlsym.
#ifndef FERRY_RUNTIME_NVPTX_CUDA_DRIVER_H
#define FERRY_RUNTIME_NVPTX_CUDA_DRIVER_H

#include <cstddef>
#include <string>

namespace ferry::rt::nvptx {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUlinkState = struct CUlinkState_st *;
using CUstream = struct CUstream_st *;
using CUgraph = struct CUgraph_st *;
using CUgraphNode = struct CUgraphNode_st *;
using CUgraphExec = struct CUgraphExec_st *;

constexpr CUresult kSuccess = 0;
constexpr int kLimitStackSize = 0; // CU_LIMIT_STACK_SIZE

// CUDA_KERNEL_NODE_PARAMS_v1, which cuGraphAddKernelNode and
// cuGraphExecKernelNodeSetParams (the unversioned symbols) take.
struct KernelNodeParams {
  CUfunction function;
  unsigned grid[3];
  unsigned block[3];
  unsigned shared_bytes;
  void **parameters;
  void **extra;
};

// The driver's enumerators that ferry passes (cuda.h's values).
constexpr int kJitInfoLogBuffer = 3;
constexpr int kJitInfoLogBufferSize = 4;
constexpr int kJitErrorLogBuffer = 5;
constexpr int kJitErrorLogBufferSize = 6;
constexpr int kJitInputPtx = 1;
constexpr int kPointerAttributeContext = 1;
constexpr int kDeviceAttributeMultiprocessorCount = 16;
constexpr int kDeviceAttributeMaxThreadsPerSM = 39;
constexpr int kDeviceAttributeComputeCapabilityMajor = 75;
constexpr int kDeviceAttributeComputeCapabilityMinor = 76;
constexpr int kDeviceAttributeRegistersPerSM = 82;
constexpr int kFunctionAttributeMaxThreadsPerBlock = 0;
constexpr int kFunctionAttributeLocalBytes = 3;
constexpr int kFunctionAttributeRegisters = 4;

struct Driver {
#define FERRY_CUDA_CALL(name, symbol, parameters)                              \
  CUresult(*name) parameters = nullptr;
#include "nvptx/cuda_driver.def"
#undef FERRY_CUDA_CALL

  // Opens libcuda and binds every function; false, with the reason in
  // *WHY, when it cannot.
  bool load(std::string *why);

  // Stops the program, naming WHAT failed for SUBJECT, when RESULT is an
  // error: the driver's state is unknown after a failed launch or copy.
  void check(CUresult result, const char *what, const char *subject) const;
};

} // namespace ferry::rt::nvptx

#endif
