// SPDX-License-Identifier: GPL-3.0-or-later
// <ferry/direct.hpp> as the direct entries (lower_direct.cc) use it, and
// what it asks of the compilation around them.
//
// Input: the header's declarations, found by name in the translation unit.
// Output: calls to its device helpers; its .shared variables marked and
// kept out of libgomp's offload variable table (an IPA hook); its inline
// PTX texts emptied in the host's copy of the entries (a GIMPLE pass),
// and kept from any offload target other than nvptx.
#ifndef FERRY_PLUGIN_DIRECT_HEADER_H
#define FERRY_PLUGIN_DIRECT_HEADER_H

#include "gcc_compat.h"

#include <initializer_list>

namespace ferry {

// The namespace ferry::direct, or NULL_TREE when the header is not
// included.
tree direct_namespace();

// Whether FNDECL is the header's own (in ferry::direct or a namespace
// inside it).
bool is_direct_header_function(tree fndecl);

// ferry::direct::NAME(ARGUMENTS...), resolved like a call in the source;
// error_mark_node when it does not resolve, and an error when the header
// has no NAME at all.
tree call_direct_helper(const char *name,
                        std::initializer_list<tree> arguments);

// Marks the header's variables that live in .shared memory: GCC's
// soft-stack array (libgcc's definition is .shared) and the reductions'
// block scratch; false if DIRECT, the namespace, does not declare them.
bool declare_shared_variables(tree direct);

// Takes the .shared variables out of the offload variable table, before
// it is streamed (PLUGIN_ALL_IPA_PASSES_START): libgomp maps every
// variable listed there to a global address, which a .shared variable has
// not.
void unlist_shared_offload_variables();

// The pass that empties the header's PTX texts in the host compilation;
// ferry_plugin.cc places it after the device code has been streamed out.
opt_pass *make_direct_asm_pass(::gcc::context *context);

// The first offload target of this compilation that is not nvptx, or
// nullptr.  The header's inline PTX would reach that target's assembler,
// so a unit compiled for it too keeps the OpenMP path on every device.
const char *other_offload_target();

} // namespace ferry

#endif
