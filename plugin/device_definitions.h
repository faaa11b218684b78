// SPDX-License-Identifier: GPL-3.0-or-later
// The device functions ferry adds to a unit (device_definitions.cc): the
// direct entries of kernels' loops, the team regions' entries and their
// framed bodies, declared as the front end declares its own artificial
// functions and defined from code copied for them.
#ifndef FERRY_PLUGIN_DEVICE_DEFINITIONS_H
#define FERRY_PLUGIN_DEVICE_DEFINITIONS_H

#include "gcc_compat.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace ferry {

// A device function NAME taking PARAMETERS (each a name and a type; their
// decls are appended to *DECLS), compiled for the device ("omp declare
// target"): a PTX .entry that inlines what it calls when KERNEL, else a
// function that is never inlined.  ORIGIN is the function whose code it
// copies (its linkage: an entry of an inline function is comdat).
tree declare_device_function(
    const std::string &name, location_t location,
    const std::vector<std::pair<tree, tree>> &parameters, bool kernel,
    tree origin, std::vector<tree> *decls);

// Defines FUNCTION (declare_device_function) as the statements that
// STATEMENTS makes of BODY, a copy of code for it, once BODY's references
// are read as values and its temporaries declared (simt_safety.h).
// Returns the function as the front end finished it.
tree define_device_function(tree function, tree body,
                            const std::function<tree(tree)> &statements);

// Whether FNDECL is a function declared above; at its
// PLUGIN_PRE_GENERICIZE its BLOCK tree is completed then.
bool finish_direct_entry(tree fndecl);

} // namespace ferry

#endif
