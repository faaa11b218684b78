// See explain.h.
#include "explain.h"

#include "tree_utils.h"

namespace ferry {

namespace {

std::string name_of(tree decl) {
  return DECL_NAME(decl) ? IDENTIFIER_POINTER(DECL_NAME(decl)) : "?";
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
                              const std::vector<MapDecision> &maps, bool simd) {
  std::string line = "#pragma omp target teams distribute parallel for";
  if (simd)
    line += " simd";
  if (loop.levels.size() > 1)
    line += " collapse(" + std::to_string(loop.levels.size()) + ")";
  for (const BufferParam &buffer : kernel.buffers) {
    const MapDecision &decision = maps[buffer.index];
    if (decision.kind == MapKind::none)
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
  if (kernel.options.teams)
    line += " num_teams(" + expression_text(kernel.options.teams) + ")";
  if (kernel.options.threads)
    line += " thread_limit(" + expression_text(kernel.options.threads) + ")";
  return line;
}

void explain_kernel(const Kernel &kernel, const KernelFacts &facts,
                    const std::vector<MapDecision> &maps, bool simd) {
  for (const ParallelLoop &loop : kernel.loops) {
    inform(loop.location, "ferry: kernel %qs offloaded as %qs",
           kernel.name().c_str(),
           equivalent_pragma(kernel, loop, maps, simd).c_str());
    if (loop.levels.size() > 1)
      inform(loop.location,
             "ferry: the %d perfectly nested loops are collapsed into one "
             "iteration space",
             static_cast<int>(loop.levels.size()));
  }
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
