// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// What the direct launch path needs to know about the PTX of the offload
// image (cuda_launch.cc): which functions exist and whether an entry, or a
// function it calls, depends on libgomp's device runtime.
//
// GCC compiles offload code with -mgomp: a function that needs a stack
// frame uses libgomp's per-warp soft stacks (__nvptx_stacks), and GCC's own
// atomics are predicated on its per-warp state (__nvptx_uni).  A direct
// launch sets up neither, so such an entry must take the OpenMP path: it
// would run, and run wrong.
#ifndef FERRY_RUNTIME_PTX_INDEX_H
#define FERRY_RUNTIME_PTX_INDEX_H

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace ferry::rt {

class PtxIndex {
public:
  // Indexes the function definitions of one PTX object of SIZE bytes
  // (which may end in a NUL).
  void add(const char *code, std::size_t size);

  // Why ENTRY cannot run outside libgomp's device runtime, naming the
  // function at fault; empty if it can (or if ENTRY is unknown: then the
  // module has no such entry, which the launcher finds out itself).
  std::string obstacle(const std::string &entry) const;

  // The functions BODY (a function's PTX) calls by name.
  static std::vector<std::string> callees(const std::string &body);

  // NAME in a definition line such as `.visible .entry NAME (` or
  // `.func (.param .u64 %value_out) NAME (`; empty if there is none.
  static std::string defined_name(const std::string &line);

private:
  std::map<std::string, std::string> bodies_;
};

} // namespace ferry::rt

#endif
