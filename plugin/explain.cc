// SPDX-License-Identifier: GPL-3.0-or-later
// See explain.h.
#include "explain.h"

#include "tree_utils.h"

#include "../runtime/abi.h"

namespace ferry {

namespace {

// Which of a nest's levels the grid's axes run along, for the direct
// entry's note: SWAPPED when the entry runs the second-innermost along x.
std::string nest_axes_text(const ParallelLoop &loop, bool swapped) {
  const std::size_t levels = loop.levels.size();
  if (levels < 2)
    return "";
  tree inner = loop.levels[levels - 1].var, next = loop.levels[levels - 2].var;
  std::string text = "; blocks of up to 32 x 8 threads, '" +
                     name_of(swapped ? next : inner) + "' along x and '" +
                     name_of(swapped ? inner : next) + "' along y";
  if (swapped)
    text += " (the accesses are contiguous along '" + name_of(next) + "')";
  if (levels > 2)
    text += ", the outer levels along the grid's z";
  return text;
}

std::string expression_text(tree expression) {
  return expr_as_string(expression, 0);
}

std::vector<tree> firstprivate_scalars(const Kernel &kernel,
                                       const ParallelLoop &loop) {
  std::vector<tree> used;
  for (tree scalar : kernel.scalars) {
    bool in_bounds = false;
    for (const LoopLevel &level : loop.levels)
      in_bounds |=
          mentions(level.lower, scalar) || mentions(level.bound, scalar);
    if (in_bounds || mentions(loop.body, scalar))
      used.push_back(scalar);
  }
  return used;
}

} // namespace

std::string equivalent_pragma(const Kernel &kernel, const ParallelLoop &loop,
                              const LoopFacts &facts,
                              const std::vector<MapDecision> &maps, bool simd) {
  std::string line = "#pragma omp target teams distribute parallel for";
  if (simd)
    line += " simd";
  if (loop.levels.size() > 1)
    line += " collapse(" + std::to_string(loop.levels.size()) + ")";
  for (const BufferParam &buffer : kernel.buffers) {
    const MapDecision &decision = maps[buffer.index];
    if (decision.kind == MapKind::none || !mentions(loop.body, buffer.decl))
      continue;
    line += std::string(" map(") + map_kind_name(decision.kind) + ": " +
            name_of(buffer.decl) + "[0:" + buffer.length_text + "])";
  }
  std::vector<tree> scalars = firstprivate_scalars(kernel, loop);
  if (!scalars.empty()) {
    line += " firstprivate(";
    for (std::size_t i = 0; i < scalars.size(); ++i)
      line += (i ? ", " : "") + name_of(scalars[i]);
    line += ")";
  }
  for (const Reduction &reduction : facts.reductions)
    line += std::string(" reduction(") + reduction_name(reduction.op) + ": " +
            name_of(reduction.var) + ")";
  return line;
}

namespace {

std::string geometry_text(const Kernel &kernel) {
  std::string threads = kernel.options.threads
                            ? expression_text(kernel.options.threads) +
                                  " GPU threads per team "
                                  "(from the kernel "
                                  "attribute)"
                            : "512 GPU threads per team";
  std::string teams =
      kernel.options.teams
          ? expression_text(kernel.options.teams) +
                " teams (from the kernel attribute)"
          : "one team per 4 iterations of each GPU thread, at most 264, "
            "chosen at run time from the trip count";
  return threads + ", " + teams;
}

} // namespace

void explain_kernel(const Kernel &kernel, const KernelFacts &facts,
                    const std::vector<MapDecision> &maps, bool simd,
                    const std::vector<DirectEntry> &entries) {
  for (std::size_t i = 0; i < kernel.loops.size(); ++i) {
    const ParallelLoop &loop = kernel.loops[i];
    const LoopFacts &loop_facts = facts.loops[i];
    inform(loop.location, "ferry: kernel %qs offloaded as %qs",
           kernel.name().c_str(),
           equivalent_pragma(kernel, loop, loop_facts, maps, simd).c_str());
    if (loop.levels.size() > 1)
      inform(loop.location,
             "ferry: the %d perfectly nested loops are collapsed into one "
             "iteration space",
             static_cast<int>(loop.levels.size()));
    inform(loop.location, "ferry: launch geometry: %s",
           geometry_text(kernel).c_str());
    if (entries[i].symbol.empty())
      inform(loop.location,
             "ferry: no direct entry, the loop always takes the OpenMP path: "
             "%s",
             entries[i].reason.c_str());
    else
      inform(loop.location,
             "ferry: direct entry %qs: on NVIDIA, libferry launches it "
             "through the CUDA driver API (one GPU thread per iteration%s); "
             "the OpenMP region runs elsewhere or with %<FERRY_LAUNCH=omp%>%s",
             entries[i].symbol.c_str(),
             nest_axes_text(loop, entries[i].x_along_next).c_str(),
             entries[i].framed
                 ? "; its calls or locals may need stack frames on the GPU, "
                   "so it has a framed twin too, which runs with a stack per "
                   "thread when they do"
                 : "");
    for (char role : entries[i].constant_buffers)
      for (const BufferParam &buffer : kernel.buffers)
        if (buffer.index ==
            static_cast<unsigned>(static_cast<unsigned char>(role) -
                                  FERRY_ROLE_BUFFER))
          inform(loop.location,
                 "ferry: %qD has a length known at compile time (%s): a "
                 "twin of the entry takes its elements as launch parameters, "
                 "which the GPU reads from its constant bank; libferry "
                 "launches the twin when its loops over them unroll (it "
                 "then needs no stack frame)",
                 buffer.decl, buffer.length_text.c_str());
    for (const Reduction &reduction : loop_facts.reductions)
      inform(reduction.location,
             "ferry: %qD is a %qs reduction: each thread combines into its "
             "own copy, and the copies are combined when the loop ends",
             reduction.var, reduction_name(reduction.op));
    for (const AtomicUpdate &atomic : loop_facts.atomics) {
      tree buffer = atomic.buffer->decl;
      if (atomic.op == NOP_EXPR)
        inform(atomic.location,
               "ferry: this store to %qD is atomic: it is %<shared_mut%>",
               buffer);
      else
        inform(atomic.location,
               "ferry: this update of %qD is atomic: it is %<shared_mut%>",
               buffer);
    }
  }
  for (const DisjointCheck &check : facts.disjoint_checks)
    inform(check.location,
           "ferry: whether the reads and writes of %qD in this loop are "
           "apart depends on the values of the parameters, as for an "
           "in-place halo copy: each launch checks them before it runs, and "
           "stops with the element if two iterations would touch one",
           check.buffer->decl);
  if (kernel.loops.size() > 1)
    inform(kernel.location,
           "ferry: the %d loops of kernel %qs share one data region: each "
           "buffer is made present on the device once for the whole call",
           static_cast<int>(kernel.loops.size()), kernel.name().c_str());
  for (const BufferParam &buffer : kernel.buffers) {
    const MapDecision &decision = maps[buffer.index];
    if (decision.kind == MapKind::none)
      inform(DECL_SOURCE_LOCATION(buffer.decl), "ferry: %qD: %s", buffer.decl,
             decision.reason.c_str());
    else
      inform(DECL_SOURCE_LOCATION(buffer.decl),
             "ferry: %qD is %<map(%s:)%> because %s", buffer.decl,
             map_kind_name(decision.kind), decision.reason.c_str());
  }
  for (tree scalar : kernel.scalars)
    inform(DECL_SOURCE_LOCATION(scalar),
           "ferry: %qD is %<firstprivate%>: each thread gets a copy of the "
           "value",
           scalar);
  for (const auto &call : facts.callees)
    if (tree callee = call.first; !fndecl_built_in_p(callee))
      inform(DECL_SOURCE_LOCATION(callee),
             "ferry: %qD is compiled for the device because kernel %qs "
             "calls it",
             callee, kernel.name().c_str());
}

} // namespace ferry
