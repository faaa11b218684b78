// SPDX-License-Identifier: GPL-3.0-or-later
// The [[ferry::...]] attributes: registration, and reading them back.
//
// Input: the declarations GCC's parser attaches ferry attributes to.
// Output: for each declaration, its ferry attributes with their argument
// text and source location (ferry_attributes()), which kernel_model.cc
// turns into ownership and lengths.
#ifndef FERRY_PLUGIN_ATTRIBUTES_H
#define FERRY_PLUGIN_ATTRIBUTES_H

#include "gcc_compat.h"

#include <string>
#include <vector>

namespace ferry {

// PLUGIN_ATTRIBUTES callback body: registers the ferry:: namespace.
void register_attributes();

// Starts noting which source lines the preprocessor takes, before the
// source is read (PLUGIN_PRAGMAS), so that argument text is read from the
// branches of `#if` that were compiled.
void watch_active_lines();

struct FerryAttribute {
  std::string name;                                 // "kernel", "borrow", ...
  bool has_arguments = false;                       // written with parentheses
  std::string arguments;                            // the text between them
  location_t location = UNKNOWN_LOCATION;           // the attribute's name
  location_t arguments_location = UNKNOWN_LOCATION; // its first argument
};

// The ferry attributes on DECL, in source order.
std::vector<FerryAttribute> ferry_attributes(tree decl);

bool has_ferry_attribute(tree decl, const char *name);

// Gives FNDECL, a function ferry made, the [[ferry::kernel]] attribute, as
// the passes that find kernels and their calls read it.
void add_kernel_attribute(tree fndecl);

// The location of LINE:COLUMN in the file of ANCHOR; ANCHOR when that
// place cannot be expressed.
location_t source_location_at(location_t anchor, int line, int column);

// A location NUMBER columns after the start of the text at LOCATION, when
// both are on one line; LOCATION otherwise.
location_t location_in_text(location_t location, int columns);

} // namespace ferry

#endif
