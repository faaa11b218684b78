// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See nvptx_settings.h.
#include "nvptx/nvptx_settings.h"

#include "core/settings.h"

namespace ferry::rt::nvptx {

const NvptxSettings &nvptx_settings() {
  // Never destroyed (core/lasting.h): kernels may run after main.
  static const NvptxSettings &values = *[] {
    auto *read = new NvptxSettings;
    read_flag("FERRY_FRAMES_MODULE", &read->frames_module);
    read_flag("FERRY_PRUNE_MODULE", &read->prune_module);
    read_flag("FERRY_REGISTER_CAPS", &read->register_caps);
    read_flag("FERRY_CUBIN", &read->cubin);
    read_flag("FERRY_AUTO_GRAPHS", &read->auto_graphs);
    return read;
  }();
  return values;
}

} // namespace ferry::rt::nvptx
