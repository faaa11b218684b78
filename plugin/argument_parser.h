// SPDX-License-Identifier: GPL-3.0-or-later
// Parses the argument text of ferry attributes into trees.
//
// Input: the text recovered by attributes.cc, the function being compiled,
// and the location of the text.  Output: a GENERIC expression (a length) or
// the kernel's launch options.  Names resolve against the definition being
// compiled: its parameters, its template arguments, and integral constants
// visible from its namespace or class.  Errors point into the text.
#ifndef FERRY_PLUGIN_ARGUMENT_PARSER_H
#define FERRY_PLUGIN_ARGUMENT_PARSER_H

#include "gcc_compat.h"
#include "kernel_model.h"

#include <functional>
#include <string>
#include <vector>

namespace ferry {

// The names of a length written on a struct member: the struct's other
// integral members, read from the object the kernel was given.
struct MemberScope {
  tree record = NULL_TREE;
  // The value of the member reached through FIELDS (a member of a base
  // class after its base fields), any integer type.
  std::function<tree(const std::vector<tree> &fields)> value;
};

// An element count such as `n`, `n * m + 2` or `N` (a template argument):
// integer literals, integral parameters and integral constants combined
// with + - * / % and parentheses.  The result has type long long.  Returns
// NULL_TREE after reporting an error for ATTRIBUTE at LOCATION.  With
// MEMBERS, names are members of that struct instead of parameters.
tree parse_length(const std::string &text, tree fndecl, location_t location,
                  const char *attribute, const MemberScope *members = nullptr);

// The arguments of [[ferry::kernel(...)]]: a comma-separated list of
// threads(N) and teams(N).  Returns false after reporting an error.
bool parse_kernel_options(const std::string &text, tree fndecl,
                          location_t location, KernelOptions *options);

} // namespace ferry

#endif
