// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The nvptx offload images the program registers, and the PTX the CUDA
// launcher (cuda_launch.h) links from them.
//
// Input: the images that GCC's mkoffload constructor hands libgomp
// (GOMP_offload_register_ver, which runtime/hooks/openmp_hooks.cc
// interposes) and the frames modules that ferry's mkoffload adds to each
// (tools/ferry-mkoffload.in, __ferry_register_frames_module).  Output: the
// PTX objects to link, and why the program runs without frames modules.
// Registration runs before main, on one thread; the launcher reads the
// lists afterwards.
#ifndef FERRY_RUNTIME_NVPTX_OFFLOAD_IMAGES_H
#define FERRY_RUNTIME_NVPTX_OFFLOAD_IMAGES_H

#include <cstddef>
#include <string>
#include <vector>

namespace ferry::rt::nvptx {

// An offload image the program registers with libgomp (before main, from
// the constructor GCC's mkoffload adds): kept when it is an nvptx image,
// for the launcher to link.  Whether libgomp may get it later, before the
// first OpenMP construct: an nvptx image without OpenACC functions (whose
// launch dimensions are not 0).
bool image_registered(unsigned version, int target_type,
                      const void *target_data);

// The frames module of an image, from the constructor that ferry's
// mkoffload adds (runtime/abi.h, __ferry_register_frames_module): BYTES of
// NUL-separated PTX objects, which stay in the program.
void frames_module_registered(const char *ptx, std::size_t bytes);

// The cubin of a frames module, which ferry's mkoffload links from it when
// the program is built (tools/ferry-cubin.cc) as the launcher would link
// it for ARCH at its first launch (module_plan.h).
struct FramesCubin {
  const char *module;  // the frames module's PTX it was linked from
  const char *arch;    // "sm_90"
  const void *image;   // BYTES of cubin
  std::size_t bytes;
  const char *notes;   // what its plan did (tools/ferry-cubin.cc)
};
void frames_cubin_registered(const FramesCubin &cubin);

// The cubin that replaces linking the objects objects_to_link gives (with
// frames modules): there is one frames module, and a cubin of it; else
// nullptr.
const FramesCubin *frames_cubin();

// One PTX object: CODE, SIZE bytes, not NUL-terminated.
struct PtxObject {
  const char *code;
  std::size_t size;
};

// How many nvptx images the program registered.
std::size_t registered_image_count();

// The PTX objects to link: every image's, or, when every image came with a
// frames module (and FERRY_FRAMES_MODULE allows them), those of the frames
// modules, split at their NULs as GCC's mkoffload splits nvptx-ld's
// output; *FRAMES_MODULES says which.
std::vector<PtxObject> objects_to_link(bool *frames_modules);

// The target data libgomp gets for an image registered with TARGET_DATA
// (GOMP_offload_register_ver and _unregister_ver, the same pointer at
// every call): a copy whose PTX objects keep only what the image's OpenMP
// regions and declare target variables reach, so that libgomp's load, the
// driver compiling every function at the program's first construct,
// leaves out the direct entries and their bodies (a third of TeaLeaf's
// image), which only the direct launcher runs; TARGET_DATA itself where
// the layout is not GCC 12's or FERRY_PRUNE_MODULE=0.
const void *image_for_libgomp(unsigned version, int target_type,
                              const void *target_data);

// Why the program's entries run without a frames module, for FERRY_STATS:
// what costs them full block sizes and per-thread frames.
std::string why_no_frames_module();

} // namespace ferry::rt::nvptx

#endif
