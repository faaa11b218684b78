// SPDX-License-Identifier: GPL-3.0-or-later
// Declaring and defining the device functions ferry adds to a unit (see
// device_definitions.h): extern "C" functions marked `omp declare target`
// so that GCC's offload compiler builds them; an entry a PTX .entry
// (nvptx's `kernel` attribute) that inlines its callees, else a function
// never inlined (a framed entry's body).  The body, code copied for the
// function (FunctionCodeCopy), has its std::min/max selections made
// values (simt_safety.h), its calls of the C library's exp, expf, logf,
// sinf and cosf made calls of <ferry/device_maths.hpp> (device_math.h)
// and its temporaries declared before the front end finishes it.
#include "device_definitions.h"

#include "device_loops.h"
#include "device_math.h"
#include "simt_safety.h"
#include "tree_utils.h"

#include <set>

namespace ferry {

namespace {

// The functions declared here, until their PRE_GENERICIZE.  The symbol
// table references them.
std::set<tree> unfinished_entries;

} // namespace

tree declare_device_function(
    const std::string &name, location_t location,
    const std::vector<std::pair<tree, tree>> &parameters, bool kernel,
    tree origin, std::vector<tree> *decls) {
  tree types = void_list_node;
  for (auto it = parameters.rbegin(); it != parameters.rend(); ++it)
    types = tree_cons(NULL_TREE, it->second, types);
  tree type = build_function_type(void_type_node, types);
  tree function =
      build_lang_decl(FUNCTION_DECL, get_identifier(name.c_str()), type);
  DECL_SOURCE_LOCATION(function) = location;
  DECL_CONTEXT(function) = FROB_CONTEXT(global_namespace);
  SET_DECL_LANGUAGE(function, lang_c);
  DECL_ARTIFICIAL(function) = 1;
  // No source of its own; the body's locations point into the kernel.
  DECL_IGNORED_P(function) = 1;
  TREE_USED(function) = 1;
  DECL_ATTRIBUTES(function) =
      tree_cons(get_identifier("omp declare target"), NULL_TREE,
                tree_cons(get_identifier(kFerryDeviceCodeAttribute), NULL_TREE,
                          NULL_TREE));
  if (kernel) {
    TREE_PUBLIC(function) = 1;
    DECL_PRESERVE_P(function) = 1; // nothing on the host calls it
    DECL_ATTRIBUTES(function) = tree_cons(get_identifier("kernel"), NULL_TREE,
                                          DECL_ATTRIBUTES(function));
    // Every call the entry makes is inlined where it can be (not into
    // functions marked noinline), as nvcc inlines device functions.  The
    // entry, its framed body and the OpenMP region each call the loop's
    // helpers, so GCC's inlining of functions called once no longer
    // applies to them: a docking kernel's scoring function stayed out
    // of line, behind a call that took 254 registers (nvcc: 95).
    DECL_ATTRIBUTES(function) = tree_cons(get_identifier("flatten"), NULL_TREE,
                                          DECL_ATTRIBUTES(function));
    // Kernels in headers (inline, templates) are defined in many units.
    if (DECL_COMDAT(origin) || DECL_ONE_ONLY(origin))
      comdat_linkage(function);
  } else {
    // Inlined into the framed entry, the body's frame would be taken
    // before the entry gives the thread its stack.
    DECL_UNINLINABLE(function) = 1;
    DECL_ATTRIBUTES(function) = tree_cons(get_identifier("noinline"), NULL_TREE,
                                          DECL_ATTRIBUTES(function));
  }
  tree *chain = &DECL_ARGUMENTS(function);
  for (const auto &[parameter_name, parameter_type] : parameters) {
    tree decl = cp_build_parm_decl(function, parameter_name, parameter_type);
    // Whether the copied code reads every parameter is not the user's
    // concern: no -Wunused-but-set-parameter for generated code.
    TREE_USED(decl) = 1;
    DECL_READ_P(decl) = 1;
    decls->push_back(decl);
    *chain = decl;
    chain = &DECL_CHAIN(decl);
  }
  unfinished_entries.insert(function);
  return function;
}

// Defined as the front end defines its own artificial functions (compare
// start_objects in cp/decl2.cc).
tree define_device_function(tree function, tree body,
                            const std::function<tree(tree)> &statements) {
  push_to_top_level();
  start_preparsed_function(function, NULL_TREE, SF_PRE_PARSED);
  tree compound = begin_compound_stmt(BCS_FN_BODY);
  select_values_instead_of_references(&body);
  use_device_maths(&body, Runs::on_gpu_only);
  body = declare_scalar_temporaries(body);
  add_stmt(statements(body));
  finish_compound_stmt(compound);
  function = finish_function(/*inline_p=*/false);
  expand_or_defer_fn(function);
  pop_from_top_level();
  return function;
}

bool finish_direct_entry(tree fndecl) {
  if (!unfinished_entries.erase(fndecl))
    return false;
  rebuild_blocks(fndecl);
  return true;
}

} // namespace ferry
