// SPDX-License-Identifier: GPL-3.0-or-later
// The calls of a kernel loop (loop_checker.h): what a callee does through
// a pointer or reference into a buffer counts as done by the loop, at the
// element it was given (helper_effects.h says what the callee does).
#include "loop_checker.h"

#include "attributes.h"
#include "device_functions.h"
#include "tree_utils.h"

#include <algorithm>

namespace ferry {

void LoopChecker::call(tree call_expression, location_t where) {
  tree callee = callee_of(call_expression);
  if (!callee) {
    auto_diagnostic_group group;
    fail(where,
         "kernel %qD calls through a function pointer or a virtual "
         "function; the device needs to know the callee",
         k_.fndecl);
    inform(where, "call a function by name; to choose one at the call "
                  "site, make the kernel a template over a function "
                  "object");
    return;
  }
  if (std::none_of(facts_->callees.begin(), facts_->callees.end(),
                   [&](const auto &c) { return c.first == callee; }))
    facts_->callees.emplace_back(callee, where);
  // Pointers and references into buffers handed to a callee: what the
  // callee does through them counts as done here.
  const int count = call_expr_nargs(call_expression);
  for (int i = 0; i < count; ++i) {
    tree argument = CALL_EXPR_ARG(call_expression, i);
    AccessTarget target = trace_pointer(argument);
    if (target.kind == AccessTarget::element)
      helper_accesses(call_expression, callee, i, target,
                      location_or(argument, where));
    else if (INDIRECT_TYPE_P(TREE_TYPE(argument)) &&
             !(target.kind == AccessTarget::private_var &&
               !holds_pointers(TREE_TYPE(TREE_TYPE(argument)))))
      // Not the address of an iteration's own value, such as the
      // temporary z[i] * z[i] that operator+ gets by reference, which
      // mentions the buffer only in how it was computed.
      unfollowed_argument(callee, i, argument, location_or(argument, where));
  }
}

// Whether parameter INDEX of CALLEE points to const.
// The fix for a helper that only reads through parameter INDEX, but
// whose parameter is not a pointer to const: a note at the parameter
// with a fix-it that adds the const.  False when there is no such
// parameter to point at.
bool LoopChecker::suggest_const(tree callee, unsigned index) {
  tree parm = chain_index(index, DECL_ARGUMENTS(callee));
  if (!parm || !INDIRECT_TYPE_P(TREE_TYPE(parm)))
    return false;
  location_t name = DECL_SOURCE_LOCATION(parm);
  rich_location fix(line_table, name);
  // `double *p` -> `double const *p`: the const goes before the `*` or
  // `&` of the declarator, whatever spacing the user chose.
  expanded_location at = expand_location(name);
  char_span line = at.file ? location_get_source_line(at.file, at.line)
                           : char_span(nullptr, 0);
  int column = at.column - 1; // 1-based column of the character before
  while (line && column > 0 &&
         (line[column - 1] == ' ' || line[column - 1] == '\t'))
    --column;
  if (line && column > 1 && column <= static_cast<int>(line.length()) &&
      (line[column - 1] == '*' || line[column - 1] == '&')) {
    const bool spaced = line[column - 2] == ' ' || line[column - 2] == '\t';
    fix.add_fixit_insert_before(source_location_at(name, at.line, column),
                                spaced ? "const " : " const");
  }
  inform(&fix,
         "if %qD only reads through %qD, make it a pointer to const, in "
         "its declarations too (a definition that differs from them is "
         "another overload); ferry then lets it read in any way",
         callee, parm);
  return true;
}

bool LoopChecker::reads_only_through(tree callee, unsigned index) {
  tree parm_types = chain_index(index, TYPE_ARG_TYPES(TREE_TYPE(callee)));
  tree parm_type = parm_types ? TREE_VALUE(parm_types) : NULL_TREE;
  if (!parm_type || !INDIRECT_TYPE_P(parm_type))
    return false;
  return TYPE_READONLY(TREE_TYPE(parm_type)) ||
         helper_only_reads(callee, index);
}

// A pointer into a buffer that ferry cannot trace to an element: a
// helper may only read through it.
void LoopChecker::unfollowed_argument(tree callee, unsigned index,
                                      tree argument, location_t where) {
  const bool read_only = reads_only_through(callee, index);
  for (const BufferParam &buffer : k_.buffers) {
    if (!mentions(argument, buffer.decl))
      continue;
    if (!read_only) {
      auto_diagnostic_group group;
      fail(where,
           "%qD gets a pointer into %qD that ferry cannot follow to an "
           "element, so it may write any element",
           callee, buffer.decl);
      if (!suggest_const(callee, index))
        inform(where, "compute the subscript into a local first");
      continue;
    }
    unfollowed_reads(argument, where);
  }
}

void LoopChecker::helper_accesses(tree call_expression, tree callee,
                                  unsigned index, const AccessTarget &target,
                                  location_t where) {
  const BufferParam &buffer = *target.buffer;
  const HelperEffects &effects = helper_effects(callee, index);
  const bool read_only = reads_only_through(callee, index);
  const bool untracked = effects.untracked != UNKNOWN_LOCATION;
  const HelperAccess *write = nullptr;
  for (const HelperAccess &access : effects.accesses)
    if (access.write && !write)
      write = &access;
  if (untracked && !read_only && !visible_body(callee)) {
    // XSBench: a `const` added to the definition only makes it another
    // overload, and the call binds to the declaration.
    auto_diagnostic_group group;
    fail(where,
         "%qD is passed to %qD, which is declared but not defined in this "
         "translation unit, so ferry cannot see what it does with it",
         buffer.decl, callee);
    inform(DECL_SOURCE_LOCATION(callee),
           "the call binds to this declaration; if the definition has "
           "other parameter types (a pointer to const, say), make the "
           "declaration the same, or define %qD in this file",
           callee);
    return;
  }
  if (untracked && !read_only) {
    auto_diagnostic_group group;
    fail(where,
         "%qD is passed to %qD, which uses the pointer in a way ferry "
         "cannot follow, so it may write any element",
         buffer.decl, callee);
    if (effects.untracked != DECL_SOURCE_LOCATION(effects.untracked_function))
      inform(effects.untracked, "here, in %qD", effects.untracked_function);
    if (!suggest_const(callee, index))
      inform(where, "ferry follows the writes of a helper through a pointer or "
                    "reference parameter at constant offsets from it");
    return;
  }
  if (write && buffer.ownership == Ownership::borrow) {
    auto_diagnostic_group group;
    fail(where, "%qD is borrowed read-only, but %qD writes it", buffer.decl,
         write->function);
    inform(write->location, "the write");
    note_parameter(buffer);
    return;
  }
  if (write && buffer.ownership == Ownership::shared_mut) {
    auto_diagnostic_group group;
    fail(where,
         "%qD writes %qD, which is shared; updates of a shared_mut buffer "
         "must be atomic updates written in the kernel itself",
         write->function, buffer.decl);
    inform(write->location, "the write");
    return;
  }
  tree element = TYPE_SIZE_UNIT(TREE_TYPE(TREE_TYPE(buffer.decl)));
  auto add = [&](const HelperAccess *access) {
    BufferAccess a;
    a.location = where;
    a.write = access && access->write;
    a.every_path = access && access->unconditional && unguarded();
    // What the helper's counted loops sweep counts as one access.
    a.size = access && access->size >= 0
                 ? size_int(access->size + access->sweep)
                 : element;
    if (access && access->constant_offset && target.offset)
      if (tree offset = helper_offset(call_expression, target, *access))
        a.offset = affine(offset);
    if (access) {
      a.helper_location = access->location;
      a.helper = access->function;
    }
    // The helper's reads are checked against the writes before the call.
    note_access(buffer, a,
                !a.write || (access->unconditional && on_every_path()));
  };
  for (const HelperAccess &access : effects.accesses)
    add(&access);
  if (untracked)
    add(nullptr); // a read anywhere
}

// Where ACCESS of a helper lies, from the buffer's start, in bytes: the
// helper's multiples of its integer parameters become multiples of the
// call's arguments (e[group * 4 + l] called with group = g).
tree LoopChecker::helper_offset(tree call_expression,
                                const AccessTarget &target,
                                const HelperAccess &access) {
  tree offset =
      fold_build2(PLUS_EXPR, sizetype, target.offset, size_int(access.offset));
  for (const auto &[parameter, bytes] : access.terms) {
    if (parameter >= static_cast<unsigned>(call_expr_nargs(call_expression)))
      return NULL_TREE;
    tree argument = CALL_EXPR_ARG(call_expression, parameter);
    if (!INTEGRAL_TYPE_P(TREE_TYPE(argument)))
      return NULL_TREE;
    offset = fold_build2(PLUS_EXPR, sizetype, offset,
                         fold_build2(MULT_EXPR, sizetype,
                                     fold_convert(sizetype, argument),
                                     size_int(bytes)));
  }
  return offset;
}

} // namespace ferry
