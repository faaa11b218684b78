// SPDX-License-Identifier: GPL-3.0-or-later
// See direct_header.h.
#include "direct_header.h"

#include <cstdlib>
#include <cstring>
#include <string>

namespace ferry {

namespace {

// What the header's PTX texts begin with (<ferry/direct.hpp>).
const char *const kPtxMarker = "// ferry-ptx";

// Gives VAR the nvptx "shared" attribute (the .shared state space), which
// the host's front end would drop as unknown; false if VAR is not a
// variable.
bool declare_shared(tree var) {
  if (!var || !VAR_P(var))
    return false;
  tree shared = get_identifier("shared");
  if (!lookup_attribute("shared", DECL_ATTRIBUTES(var)))
    DECL_ATTRIBUTES(var) = tree_cons(shared, NULL_TREE, DECL_ATTRIBUTES(var));
  return true;
}

// Empties the PTX texts of <ferry/direct.hpp> in host code.  The device
// code was streamed to the offload compiler before this pass runs.
const pass_data kEmptyPtxPassData =
    gcc::gimple_pass("ferry-empty-ptx", PROP_cfg);

class EmptyPtxPass : public gimple_opt_pass {
public:
  explicit EmptyPtxPass(::gcc::context *context)
      : gimple_opt_pass(kEmptyPtxPassData, context) {}

  bool gate(function *function) override {
    return lookup_attribute("omp declare target",
                            DECL_ATTRIBUTES(function->decl)) != NULL_TREE;
  }

  unsigned execute(function *function) override {
    basic_block block;
    FOR_EACH_BB_FN(block, function) {
      for (gimple_stmt_iterator it = gsi_start_bb(block); !gsi_end_p(it);
           gsi_next(&it))
        if (gasm *statement = dyn_cast<gasm *>(gsi_stmt(it)))
          if (std::strncmp(gimple_asm_string(statement), kPtxMarker,
                           std::strlen(kPtxMarker)) == 0)
            statement->string = "";
    }
    return 0;
  }
};

} // namespace

tree direct_namespace() {
  tree ferry_namespace =
      get_namespace_binding(global_namespace, get_identifier("ferry"));
  if (!ferry_namespace || TREE_CODE(ferry_namespace) != NAMESPACE_DECL)
    return NULL_TREE;
  tree direct =
      get_namespace_binding(ferry_namespace, get_identifier("direct"));
  return direct && TREE_CODE(direct) == NAMESPACE_DECL ? direct : NULL_TREE;
}

bool is_direct_header_function(tree fndecl) {
  tree scope = direct_namespace();
  return scope && is_ancestor(scope, decl_namespace_context(fndecl));
}

tree call_direct_helper(const char *name,
                        std::initializer_list<tree> arguments) {
  tree scope = direct_namespace();
  tree function =
      scope ? get_namespace_binding(scope, get_identifier(name)) : NULL_TREE;
  if (!function) {
    // The entries are built only where the namespace exists, so a helper
    // it lacks is a mismatch of the header and the plugin; a body built
    // around the missing call would compile and loop forever on the GPU.
    error_at(input_location,
             "ferry: %<<ferry/direct.hpp>%> has no %<ferry::direct::%s%>; "
             "the header and the plugin come from different builds of "
             "ferry (reinstall ferry, or fix the include path)",
             name);
    return error_mark_node;
  }
  releasing_vec args;
  for (tree argument : arguments)
    vec_safe_push(args, argument);
  return finish_call_expr(function, &args, false, false, tf_none);
}

bool declare_shared_variables(tree direct) {
  return declare_shared(get_namespace_binding(
             global_namespace, get_identifier("__nvptx_stacks"))) &&
         declare_shared(
             get_namespace_binding(direct, get_identifier("block_scratch")));
}

void unlist_shared_offload_variables() {
  if (!offload_vars)
    return;
  unsigned kept = 0;
  for (tree var : *offload_vars)
    if (!(VAR_P(var) && lookup_attribute("shared", DECL_ATTRIBUTES(var))))
      (*offload_vars)[kept++] = var;
  offload_vars->truncate(kept);
}

opt_pass *make_direct_asm_pass(::gcc::context *context) {
  return new EmptyPtxPass(context);
}

const char *other_offload_target() {
  static std::string other;
  static bool known = false;
  if (!known) {
    known = true;
    const char *names = getenv("OFFLOAD_TARGET_NAMES");
    std::string list = names ? names : "";
    for (std::size_t start = 0; start < list.size();) {
      std::size_t end = list.find(':', start);
      if (end == std::string::npos)
        end = list.size();
      std::string target = list.substr(start, end - start);
      if (!target.empty() && target.compare(0, 5, "nvptx") != 0) {
        other = target;
        break;
      }
      start = end + 1;
    }
  }
  return other.empty() ? nullptr : other.c_str();
}

} // namespace ferry
