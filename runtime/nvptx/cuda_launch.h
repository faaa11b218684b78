// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The direct launch path on NVIDIA: the plugin's per-loop device entries
// (plugin/lower_direct.cc), linked and launched through the CUDA driver API
// (the functions of cuda_driver.def).
//
// libcuda is opened at run time (dlopen), so building ferry needs no CUDA
// SDK and a machine without a GPU never loads it.  The PTX comes from the
// program itself: libferry interposes GOMP_offload_register_ver, which the
// constructor that GCC's mkoffload adds to every offloading executable calls
// with the offload image (runtime/hooks/openmp_hooks.cc), hands the image to
// offload_images.h, and passes the call on to libgomp.  ferry-g++ links
// ferry's own mkoffload (tools/ferry-mkoffload.in), which adds to each
// image a frames module, the same code compiled without -mgomp, whose
// functions keep their frames in per-thread local memory
// (offload_images.h again).  All PTX objects of the frames modules, or
// of the images where a program lacks them, are linked into one module,
// as libgomp links them; ptx_index.h decides which entries can run outside
// libgomp.
//
// One CUDA context is shared by libgomp, ferry and cudart/cuBLAS: ferry
// makes the device's primary context current before libgomp opens the
// device (libgomp adopts a current context), and launches on the legacy
// default stream, which orders them with libgomp's copies and kernels.
// Launches are asynchronous; reductions wait for their result.
#ifndef FERRY_RUNTIME_NVPTX_CUDA_LAUNCH_H
#define FERRY_RUNTIME_NVPTX_CUDA_LAUNCH_H

#include "devices/launcher.h"

#include <memory>

namespace ferry::rt::nvptx {

// The CUDA launcher; the composition root (runtime.cc) makes one per
// process and keeps it.
std::unique_ptr<Launcher> make_cuda_launcher();

} // namespace ferry::rt::nvptx

#endif
