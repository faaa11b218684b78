// SPDX-License-Identifier: GPL-3.0-or-later
// See host_calls.h.
#include "host_calls.h"

#include "attributes.h"
#include "runtime_calls.h"

#include <algorithm>
#include <cstring>

namespace ferry {

const char kLauncherAttribute[] = "ferry launcher";
const char kClosedLauncherAttribute[] = "ferry closed launcher";

bool is_kernel(tree fndecl) {
  return fndecl && TREE_CODE(fndecl) == FUNCTION_DECL &&
         has_ferry_attribute(fndecl, "kernel");
}

// A call that ferry's MPI layer wraps (runtime/mpi/wrapped_calls.def): the
// layer syncs exactly the bytes of the message, where a sync from here
// could only name the whole buffer.
bool is_synced_by_mpi_layer(tree fndecl) {
  static const char *const wrapped[] = {
#define FERRY_MPI_CALL(name) #name,
#include "../runtime/mpi/wrapped_calls.def"
#undef FERRY_MPI_CALL
  };
  if (!fndecl || !DECL_EXTERN_C_P(fndecl))
    return false;
  const char *name = IDENTIFIER_POINTER(DECL_NAME(fndecl));
  return std::any_of(
      std::begin(wrapped), std::end(wrapped),
      [name](const char *call) { return std::strcmp(name, call) == 0; });
}

// Calls that keep the books themselves: libferry's, and the MPI layer's.
bool syncs_itself(tree fndecl) {
  return runtime_calls::is_runtime_function(fndecl) ||
         is_synced_by_mpi_layer(fndecl);
}

bool is_kernel_call(const gimple *statement) {
  return is_gimple_call(statement) && is_kernel(gimple_call_fndecl(statement));
}

// The launcher parameters of FNDECL as a bit mask (0: not a launcher).
unsigned HOST_WIDE_INT launcher_params(tree fndecl) {
  if (!fndecl)
    return 0;
  tree attribute =
      lookup_attribute(kLauncherAttribute, DECL_ATTRIBUTES(fndecl));
  return attribute ? tree_to_uhwi(TREE_VALUE(TREE_VALUE(attribute))) : 0;
}

bool is_closed_launcher(tree fndecl) {
  return fndecl && launcher_params(fndecl) &&
         lookup_attribute(kClosedLauncherAttribute, DECL_ATTRIBUTES(fndecl));
}

// Kernel calls, and calls of launchers: calls whose buffers the caller
// answers for.
bool is_launch_call(const gimple *statement) {
  return is_kernel_call(statement) ||
         (is_gimple_call(statement) &&
          launcher_params(gimple_call_fndecl(statement)) != 0);
}

// Whether argument I of the launch call CALL is a buffer it launches.
bool launches_argument(const gimple *call, unsigned i) {
  if (!POINTER_TYPE_P(TREE_TYPE(gimple_call_arg(call, i))))
    return false;
  if (is_kernel_call(call))
    return true;
  return i < HOST_BITS_PER_WIDE_INT &&
         (launcher_params(gimple_call_fndecl(call)) >> i & 1);
}

// Whether a call might launch a kernel, directly or through its callees:
// a sync may not move across it.
bool may_launch(const gimple *statement) {
  if (!is_gimple_call(statement) || gimple_call_internal_p(statement))
    return false;
  if (gimple_call_flags(statement) & (ECF_CONST | ECF_PURE))
    return false;
  tree callee = gimple_call_fndecl(statement);
  return !(callee && (fndecl_built_in_p(callee, BUILT_IN_NORMAL) ||
                      runtime_calls::is_runtime_function(callee)));
}

// Calls that end the life of memory: the runtime's free hook drops the
// device copies, so the data need not come back first.  Destructors of
// std:: classes only free what they own.
bool frees_memory(const gimple *statement) {
  if (!is_gimple_call(statement))
    return false;
  if (gimple_call_builtin_p(statement, BUILT_IN_FREE) ||
      gimple_call_builtin_p(statement, BUILT_IN_REALLOC))
    return true;
  tree callee = gimple_call_fndecl(statement);
  if (!callee)
    return false;
  if (DECL_IS_OPERATOR_DELETE_P(callee))
    return true;
  const char *mangled = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(callee));
  return DECL_CXX_DESTRUCTOR_P(callee) &&
         std::strncmp(mangled, "_ZNSt", 5) == 0;
}

namespace {

const OutputFunction kOutputFunctions[] = {{BUILT_IN_PRINTF, -1},
                                           {BUILT_IN_PUTS, -1},
                                           {BUILT_IN_PUTCHAR, -1},
                                           {BUILT_IN_FPRINTF, 0},
                                           {BUILT_IN_FPUTS, 1},
                                           {BUILT_IN_FPUTC, 1},
                                           {BUILT_IN_PUTC, 1},
                                           {BUILT_IN_FWRITE, 3},
                                           {BUILT_IN_PRINTF_UNLOCKED, -1},
                                           {BUILT_IN_FPRINTF_UNLOCKED, 0}};

} // namespace

const OutputFunction *output_function(const gimple *statement) {
  for (const OutputFunction &function : kOutputFunctions)
    if (gimple_call_builtin_p(statement, function.code))
      return &function;
  return nullptr;
}

// The oracle cannot tell a string literal's address from a buffer's; no
// device ever writes a literal.
bool is_string_literal(tree pointer) {
  return TREE_CODE(pointer) == ADDR_EXPR &&
         TREE_CODE(get_base_address(TREE_OPERAND(pointer, 0))) == STRING_CST;
}

// POINTER with plain SSA copies looked through: before the early
// optimizations, `a.1_5 = a_3;` sits in front of every use.
tree copied_value(tree pointer) {
  while (TREE_CODE(pointer) == SSA_NAME &&
         gimple_assign_ssa_name_copy_p(SSA_NAME_DEF_STMT(pointer)))
    pointer = gimple_assign_rhs1(SSA_NAME_DEF_STMT(pointer));
  return pointer;
}

// Whether ARGUMENT points into the object POINTER points to: POINTER
// itself, or POINTER plus an offset (y + 7, &y[7]).
bool points_into(tree argument, tree pointer) {
  for (int depth = 0; depth < 16; ++depth) {
    argument = copied_value(argument);
    if (operand_equal_p(argument, pointer, 0))
      return true;
    if (TREE_CODE(argument) == ADDR_EXPR) {
      tree base = get_base_address(TREE_OPERAND(argument, 0));
      if (!base || TREE_CODE(base) != MEM_REF)
        return false;
      argument = TREE_OPERAND(base, 0);
      continue;
    }
    if (TREE_CODE(argument) != SSA_NAME)
      return false;
    gimple *definition = SSA_NAME_DEF_STMT(argument);
    if (!is_gimple_assign(definition) ||
        gimple_assign_rhs_code(definition) != POINTER_PLUS_EXPR)
      return false;
    argument = gimple_assign_rhs1(definition);
  }
  return false;
}

// Whether the call STATEMENT is handed a pointer into POINTER's object.
bool hands_over(const gimple *statement, tree pointer) {
  if (!is_gimple_call(statement))
    return false;
  for (unsigned i = 0; i < gimple_call_num_args(statement); ++i)
    if (points_into(gimple_call_arg(statement, i), pointer))
      return true;
  return false;
}

} // namespace ferry
