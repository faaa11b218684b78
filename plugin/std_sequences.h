// SPDX-License-Identifier: GPL-3.0-or-later
// What the kernel views (kernel_views.cc) read of the standard library's
// std::span and std::vector: which one a type is, and an object's data
// pointer, length and element type, from libstdc++'s members (their names
// are in gcc_compat.h).
#ifndef FERRY_PLUGIN_STD_SEQUENCES_H
#define FERRY_PLUGIN_STD_SEQUENCES_H

#include "gcc_compat.h"

#include <vector>

namespace ferry {

enum class SequenceKind { none, span, vector };

SequenceKind sequence_kind(tree type);

// "std::span" or "std::vector", for messages.
const char *sequence_name(SequenceKind kind);

// The fields from a span or vector type to its data pointer; empty when
// the library's layout is unknown.
std::vector<tree> data_path(tree type);

struct SequenceParts {
  tree data = NULL_TREE;    // the pointer to the first element
  tree length = NULL_TREE;  // the number of elements
  tree element = NULL_TREE; // their type
};

// The parts of WHOLE, an object of TYPE, a span or vector; false when the
// library's layout is not the one ferry knows.  LOCATION: the length's
// computation.
bool sequence_parts(tree whole, tree type, location_t location,
                    SequenceParts *parts);

} // namespace ferry

#endif
