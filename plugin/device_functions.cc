// See device_functions.h.
#include "device_functions.h"

namespace ferry {

namespace {

// Callees waiting for the end-of-unit check, and where a kernel called
// each one (for the message).
vec<tree, va_gc> *pending_callees;
std::vector<std::pair<location_t, std::string>> pending_callers;

bool needs_body(tree fndecl) { return !fndecl_built_in_p(fndecl); }

void mark_offloadable(tree fndecl) {
  if (!lookup_attribute("omp declare target", DECL_ATTRIBUTES(fndecl)))
    DECL_ATTRIBUTES(fndecl) =
        tree_cons(get_identifier("omp declare target"), NULL_TREE,
                  DECL_ATTRIBUTES(fndecl));
  // Once a call-graph node exists the attribute alone is no longer read.
  if (cgraph_node *node = cgraph_node::get(fndecl)) {
    node->offloadable = 1;
    if (ENABLE_OFFLOADING)
      g->have_offload = true;
  }
}

} // namespace

void make_device_functions(const Kernel &kernel,
                           const std::vector<tree> &callees) {
  for (tree callee : callees) {
    if (!needs_body(callee))
      continue;
    mark_offloadable(callee);
    vec_safe_push(pending_callees, callee);
    pending_callers.emplace_back(kernel.location, kernel.name());
  }
}

void check_device_functions_defined() {
  for (unsigned i = 0; i < vec_safe_length(pending_callees); ++i) {
    tree callee = (*pending_callees)[i];
    cgraph_node *node = cgraph_node::get(callee);
    if (node && node->definition)
      continue;
    auto_diagnostic_group group;
    error_at(DECL_SOURCE_LOCATION(callee),
             "%qD is called by kernel %qs but is not defined in this file; "
             "the device needs its body",
             callee, pending_callers[i].second.c_str());
    inform(pending_callers[i].first,
           "define it in this file or in a header, or compute the value "
           "inside the kernel");
  }
  vec_free(pending_callees);
  pending_callers.clear();
}

const ggc_root_tab *device_function_gc_roots() {
  static const ggc_root_tab roots[] = {
      {&pending_callees, 1, sizeof(pending_callees), &gt_ggc_mx_vec_tree_va_gc_,
       &gt_pch_nx_vec_tree_va_gc_},
      LAST_GGC_ROOT_TAB};
  return roots;
}

} // namespace ferry
