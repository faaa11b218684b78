// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See module_report.h.
#include "nvptx/module_report.h"

#include "core/stats.h"

namespace ferry::rt::nvptx {

std::string module_line(const ModuleLink &link) {
  const auto fraction = [](std::uint64_t part, std::uint64_t whole) {
    return std::to_string(part) + "/" + std::to_string(whole);
  };
  return "ferry-module functions=" +
         fraction(link.functions_linked, link.functions) +
         " ptx_bytes=" + fraction(link.ptx_bytes_linked, link.ptx_bytes) +
         " register_caps=" +
         fraction(link.register_caps_kept, link.register_caps_tried) +
         " link_ms=" + std::to_string(link.milliseconds) +
         (link.note.empty() ? std::string() : " (" + link.note + ")");
}

void report_module_link(const ModuleLink &link) {
  count_launcher_line(module_line(link));
}

} // namespace ferry::rt::nvptx
