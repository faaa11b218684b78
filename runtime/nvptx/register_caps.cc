// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See register_caps.h.
#include "nvptx/register_caps.h"

#include <algorithm>
#include <iterator>
#include <string_view>

namespace ferry::rt {

namespace {

constexpr unsigned kWarpThreads = 32;
constexpr unsigned kWarpAllocationUnit = 256;

} // namespace

unsigned warps_by_registers(unsigned registers, unsigned register_file,
                            unsigned max_warps) {
  if (registers == 0)
    return max_warps;
  const unsigned per_warp =
      (registers * kWarpThreads + kWarpAllocationUnit - 1) /
      kWarpAllocationUnit * kWarpAllocationUnit;
  return std::min(max_warps, register_file / per_warp);
}

unsigned step_down_cap(unsigned registers, unsigned register_file,
                       unsigned max_warps) {
  const unsigned warps =
      warps_by_registers(registers, register_file, max_warps);
  if (warps >= max_warps)
    return 0;
  const unsigned per_warp =
      register_file / (warps + 1) / kWarpAllocationUnit * kWarpAllocationUnit;
  const unsigned cap = per_warp / kWarpThreads;
  return cap > 0 && cap < registers ? cap : 0;
}

bool waits_on_loads(const std::string &body) {
  static const char *const kArithmetic[] = {
      "add", "sub", "mul", "fma", "mad", "div", "sqrt", "rsqrt", "rcp",
      "sin", "cos", "ex2", "lg2", "min", "max", "abs",  "neg"};
  std::size_t loads = 0, arithmetic = 0;
  std::size_t at = 0;
  while (at < body.size()) {
    std::size_t end = body.find('\n', at);
    if (end == std::string::npos)
      end = body.size();
    std::string_view line(body.data() + at, end - at);
    at = end + 1;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
      line.remove_prefix(1);
    if (!line.empty() && line.front() == '@') { // a predicate: @%r1 or @!%r1
      const std::size_t space = line.find_first_of(" \t");
      line.remove_prefix(space == std::string_view::npos ? line.size()
                                                         : space + 1);
    }
    const std::string_view opcode = line.substr(0, line.find_first_of(" \t"));
    const std::string_view base = opcode.substr(0, opcode.find('.'));
    if (base == "ld") {
      loads += opcode.substr(0, 9) != "ld.param.";
    } else if ((opcode.size() > 4 &&
                (opcode.substr(opcode.size() - 4) == ".f32" ||
                 opcode.substr(opcode.size() - 4) == ".f64")) &&
               std::find(std::begin(kArithmetic), std::end(kArithmetic),
                         base) != std::end(kArithmetic)) {
      ++arithmetic;
    }
  }
  return loads > 0 && 3 * loads >= 2 * arithmetic;
}

std::vector<std::string>
with_register_caps(const std::vector<std::string_view> &objects,
                   const std::map<std::string, unsigned> &caps) {
  std::vector<std::string> capped(objects.begin(), objects.end());
  for (std::string &object : capped)
    for (const auto &[entry, cap] : caps) {
      const std::string mark = "// BEGIN GLOBAL FUNCTION DEF: " + entry + "\n";
      const std::size_t at = object.find(mark);
      if (at == std::string::npos)
        continue;
      // The body opens on a line of its own after the definition line.
      const std::size_t body = object.find("\n{", at + mark.size());
      if (body == std::string::npos)
        continue;
      object.insert(body + 1, ".maxnreg " + std::to_string(cap) + "\n");
    }
  return capped;
}

} // namespace ferry::rt
