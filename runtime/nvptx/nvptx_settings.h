// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The settings of the NVIDIA launcher, read once from the environment as
// core/settings.h reads libferry's (which lists their names too, so that a
// misspelling is told apart).
#ifndef FERRY_RUNTIME_NVPTX_SETTINGS_H
#define FERRY_RUNTIME_NVPTX_SETTINGS_H

namespace ferry::rt::nvptx {

struct NvptxSettings {
  // FERRY_FRAMES_MODULE: direct entries run from the frames module, where
  // the program has one (cuda_launch.h)
  bool frames_module = true;
  // FERRY_PRUNE_MODULE: the launcher's module keeps only what its entries
  // reach (ptx_prune.h)
  bool prune_module = true;
  // FERRY_REGISTER_CAPS: cap a direct entry's registers one occupancy step
  // below the JIT's choice where that spills little (register_caps.h)
  bool register_caps = true;
  // FERRY_CUBIN: load the cubin the program's build linked for this GPU,
  // where it has one, instead of linking the PTX (module_plan.h)
  bool cubin = true;
  // FERRY_AUTO_GRAPHS: a sequence of direct launches that repeats is
  // replayed as a CUDA graph without ferry::launch_graph (launch_graphs.h)
  bool auto_graphs = true;
};

// The settings of this process.  The first call reads the environment.
const NvptxSettings &nvptx_settings();

} // namespace ferry::rt::nvptx

#endif
