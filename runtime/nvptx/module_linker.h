// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The CUDA launcher's module (cuda_launch.h), made once: the cubin that
// the program's build linked for this GPU, where it has one (offload
// images' frames_cubin), else the PTX objects of the program's images, or
// of their frames modules (offload_images.h), linked by the driver's JIT
// as module_plan.h says.  The ferry-module line of FERRY_STATS reports it
// (module_report.h).
#ifndef FERRY_RUNTIME_NVPTX_MODULE_LINKER_H
#define FERRY_RUNTIME_NVPTX_MODULE_LINKER_H

#include "nvptx/cuda_driver.h"
#include "nvptx/ptx_index.h"

#include <map>
#include <string>

namespace ferry::rt::nvptx {

struct LinkedModule {
  CUmodule module = nullptr;  // nullptr where FAILURE says why
  bool frames_module = false; // linked from the frames modules
  // What the register caps did to each entry tried, for FERRY_STATS.
  std::map<std::string, std::string> register_notes;
  std::string failure;
};

// Links the module in the driver's current context; INDEX gets the PTX
// objects that were linked.
LinkedModule link_module(Driver &driver, PtxIndex &index);

} // namespace ferry::rt::nvptx

#endif
