// SPDX-License-Identifier: GPL-3.0-or-later
// See resolvable_calls.h.
#include "resolvable_calls.h"

#include "host_calls.h"
#include "runtime_calls.h"

#include <cstring>
#include <map>
#include <string>

namespace ferry {

namespace {

// Its name has a space, so no source can spell it.
const char kResolvableAttribute[] = "ferry resolvable";

bool marked(tree fndecl) {
  return fndecl &&
         lookup_attribute(kResolvableAttribute, DECL_ATTRIBUTES(fndecl));
}

bool starts_with(const char *text, const char *prefix) {
  return std::strncmp(text, prefix, std::strlen(prefix)) == 0;
}

// A pointer argument other than a string literal's address (a message
// the call prints).
bool has_pointer_argument(const gimple *call) {
  for (unsigned i = 0; i < gimple_call_num_args(call); ++i) {
    tree argument = gimple_call_arg(call, i);
    if (POINTER_TYPE_P(TREE_TYPE(argument)) && !is_string_literal(argument))
      return true;
  }
  return false;
}

// libgomp's calls for the host's own threads: a parallel region whose
// outlined body (the first argument) is resolvable itself, and the calls
// that share out its loops, which touch no buffer.  Target regions and
// tasks are not among them.
bool is_resolvable_gomp_call(const char *name, const gimple *call) {
  if (starts_with(name, "GOMP_parallel")) {
    tree body = gimple_call_arg(call, 0);
    return TREE_CODE(body) == ADDR_EXPR && marked(TREE_OPERAND(body, 0));
  }
  return starts_with(name, "GOMP_loop_") || starts_with(name, "GOMP_barrier") ||
         starts_with(name, "GOMP_critical_") ||
         starts_with(name, "GOMP_atomic_") || starts_with(name, "omp_get_");
}

// A library function the compiler knows that takes no lock while it reads
// or writes what it is handed (memcpy, a math function), or is handed no
// pointer but string literals (printf of a message): a fault in it is
// resolved as one in the program's code.
bool is_resolvable_builtin(tree callee, const gimple *call) {
  if (gimple_call_flags(call) & (ECF_CONST | ECF_PURE))
    return true;
  switch (DECL_FUNCTION_CODE(callee)) {
  case BUILT_IN_MEMCPY:
  case BUILT_IN_MEMMOVE:
  case BUILT_IN_MEMSET:
  CASE_FLT_FN(BUILT_IN_SINCOS):
  CASE_FLT_FN(BUILT_IN_FREXP):
  CASE_FLT_FN(BUILT_IN_MODF):
    return true;
  default:
    break;
  }
  const char *name = IDENTIFIER_POINTER(DECL_NAME(callee));
  if (starts_with(name, "GOMP_") || starts_with(name, "omp_"))
    return is_resolvable_gomp_call(name, call);
  return !has_pointer_argument(call) && !POINTER_TYPE_P(gimple_call_return_type(
                                            as_a<const gcall *>(call)));
}

bool is_resolvable_call(const gimple *call) {
  if (gimple_call_internal_p(call))
    return true;
  tree callee = gimple_call_fndecl(call);
  if (!callee)
    return false; // through a pointer
  if (marked(callee) || runtime_calls::is_runtime_function(callee) ||
      is_kernel(callee))
    return true;
  return fndecl_built_in_p(callee, BUILT_IN_NORMAL) &&
         is_resolvable_builtin(callee, call);
}

bool is_resolvable(function *fun) {
  basic_block bb;
  FOR_EACH_BB_FN(bb, fun) {
    for (gimple_stmt_iterator it = gsi_start_bb(bb); !gsi_end_p(it);
         gsi_next(&it)) {
      const gimple *statement = gsi_stmt(it);
      if (gimple_code(statement) == GIMPLE_ASM ||
          (is_gimple_call(statement) && !is_resolvable_call(statement)))
        return false;
    }
  }
  return true;
}

std::string marker_name(tree fndecl) {
  return std::string("__ferry_resolvable.") +
         IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fndecl));
}

tree build_marker(const std::string &name) {
  tree marker = build_decl(UNKNOWN_LOCATION, VAR_DECL,
                           get_identifier(name.c_str()), char_type_node);
  TREE_PUBLIC(marker) = 1;
  TREE_READONLY(marker) = 1;
  DECL_ARTIFICIAL(marker) = 1;
  DECL_IGNORED_P(marker) = 1;
  return marker;
}

// The marker of a function other units can call by its name; one in
// every unit that defines an inline function or a template instance
// would be no promise about the copy the linker keeps.
void publish_marker(tree fndecl) {
  if (!TREE_PUBLIC(fndecl) || DECL_COMDAT(fndecl) || DECL_WEAK(fndecl) ||
      DECL_EXTERNAL(fndecl))
    return;
  tree marker = build_marker(marker_name(fndecl));
  TREE_STATIC(marker) = 1;
  DECL_INITIAL(marker) = build_zero_cst(char_type_node);
  DECL_VISIBILITY(marker) = DECL_VISIBILITY(fndecl);
  DECL_VISIBILITY_SPECIFIED(marker) = 1;
  varpool_node::finalize_decl(marker);
  varpool_node::get(marker)->force_output = true;
}

// The weak reference to CALLEE's marker, one per unit and name; the list
// of weak declarations keeps it from the garbage collector.
tree weak_marker(tree callee) {
  static std::map<std::string, tree> markers;
  const std::string name = marker_name(callee);
  tree &marker = markers[name];
  if (!marker) {
    marker = build_marker(name);
    DECL_EXTERNAL(marker) = 1;
    declare_weak(marker);
  }
  return marker;
}

} // namespace

void note_resolvable(function *fun) {
  tree fndecl = fun->decl;
  if (marked(fndecl) || is_kernel(fndecl) ||
      !is_resolvable(fun))
    return;
  DECL_ATTRIBUTES(fndecl) =
      tree_cons(get_identifier(kResolvableAttribute), NULL_TREE,
                DECL_ATTRIBUTES(fndecl));
  publish_marker(fndecl);
}

tree resolvable_callee(tree callee) {
  if (!callee)
    return NULL_TREE;
  if (marked(callee))
    return boolean_true_node;
  cgraph_node *node = cgraph_node::get(callee);
  if ((node && node->definition) || !TREE_PUBLIC(callee) ||
      fndecl_built_in_p(callee) || runtime_calls::is_runtime_function(callee))
    return NULL_TREE;
  return build2(NE_EXPR, boolean_type_node,
                build_fold_addr_expr(weak_marker(callee)), null_pointer_node);
}

} // namespace ferry
