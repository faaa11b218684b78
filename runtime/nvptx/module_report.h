// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// What FERRY_STATS=1 reports of the CUDA launcher's module.
#ifndef FERRY_RUNTIME_NVPTX_MODULE_REPORT_H
#define FERRY_RUNTIME_NVPTX_MODULE_REPORT_H

#include <cstdint>
#include <string>

namespace ferry::rt::nvptx {

// The direct launcher's module, linked once: the functions and PTX bytes
// given to the driver's JIT out of those the program carries
// (nvptx/ptx_prune.h), and the milliseconds the link took (the JIT's
// compile, unless its cache held the result).  With FERRY_STATS=1 a line
// at exit after the ferry-pinned line:
//   ferry-module functions=KEPT/ALL ptx_bytes=KEPT/ALL register_caps=K/N
//     link_ms=N[ (NOTE)]
// (one line), with the entries given a register cap out of those tried
// (nvptx/register_caps.h).
struct ModuleLink {
  std::uint64_t functions = 0, functions_linked = 0;
  std::uint64_t ptx_bytes = 0, ptx_bytes_linked = 0;
  std::uint64_t register_caps_tried = 0, register_caps_kept = 0;
  std::uint64_t milliseconds = 0;
  std::string note; // why the whole PTX was linked, if it was
};
// Adds LINK's line to the report at exit (core/stats.h).
void report_module_link(const ModuleLink &link);
// The line, without a newline.
std::string module_line(const ModuleLink &link);

} // namespace ferry::rt::nvptx

#endif
