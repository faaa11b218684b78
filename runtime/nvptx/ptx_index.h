// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// What the direct launch path needs to know about the PTX of the offload
// image (cuda_launch.cc): which functions exist, whether an entry, or a
// function it calls, depends on libgomp's device runtime, and how much
// stack its threads need.
//
// GCC compiles offload code with -mgomp.  A function that needs a stack
// frame takes it from GCC's soft stack (__nvptx_stacks[%tid.y]), which each
// direct entry sets up per thread when the launcher gives it an arena
// (<ferry/direct.hpp>, enter_frame).  GCC's own atomics are predicated on
// libgomp's per-warp state (__nvptx_uni), which a direct launch does not
// set up: such an entry must take the OpenMP path, as it would run wrong.
// In the frames module (tools/ferry-mkoffload.in), compiled without
// -mgomp, a frame is a per-thread .local array instead, which needs no
// set-up; its bytes are counted the same way.
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

  // Whether the module defines the function NAME.
  bool defines(const std::string &name) const { return bodies_.count(name); }
  // The body of the function NAME, from its opening brace; empty if the
  // module does not define it.
  const std::string &body(const std::string &name) const;

  // Why ENTRY cannot run outside libgomp's device runtime, naming the
  // function at fault; empty if it can (or if ENTRY is unknown: then the
  // module has no such entry, which the launcher finds out itself).
  std::string obstacle(const std::string &entry) const;

  // The frame bytes one thread of ENTRY needs (soft-stack or local, as
  // the module has them): the deepest chain of frames through the
  // functions it calls; 0 when none takes a frame, and
  // kUnknownStack when a frame's size is dynamic (alloca) or the calls
  // recurse.
  static constexpr std::size_t kUnknownStack = ~std::size_t{0};
  std::size_t stack_bytes(const std::string &entry) const;

  // The bytes of each parameter of the function NAME, in order, as its
  // definition line declares them (`.param .u64 %in_ar0`, `.param .align 8
  // .b8 %in_ar1[16]`); empty when NAME is not defined.  A launch that is
  // kept for later (a CUDA graph) copies its parameters by these sizes.
  std::vector<std::size_t> parameter_bytes(const std::string &name) const;

  // The bytes of BODY's own frame (the prologue's `sub.u64 %frame,
  // %sspprev, N` and `sub.u64 %stack, %frame, M`: N + M; without a soft
  // stack, N of `.local .b8 %frame_ar[N]`); 0 without one, kUnknownStack
  // when it grows at run time.
  static std::size_t frame_bytes(const std::string &body);

  // The functions BODY (a function's PTX) calls by name.
  static std::vector<std::string> callees(const std::string &body);

  // NAME in a definition line such as `.visible .entry NAME (` or
  // `.func (.param .u64 %value_out) NAME (`; empty if there is none.
  static std::string defined_name(const std::string &line);

  // The position of the line that closes the brace on the line at OPEN in
  // TEXT, past the blocks inside it; npos without one.
  static std::size_t closing_brace(const std::string &text, std::size_t open);

private:
  std::map<std::string, std::string> bodies_;
  std::map<std::string, std::string> definitions_; // each name's first line
};

} // namespace ferry::rt

#endif
