// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See launcher.h.  The one vendor launcher built today is NVIDIA's; an AMD
// one would be chosen here by the offload image the program registered.
#include "launcher.h"

#include "nvptx/cuda_launch.h"

namespace ferry::rt {

Launcher &direct_launcher() { return nvptx::cuda_launcher(); }

} // namespace ferry::rt
