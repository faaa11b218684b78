// SPDX-License-Identifier: GPL-3.0-or-later
// The variables a target region names that ferry's checker does not take
// as they are, rewritten before it reads the region into the terms it
// takes (locals, pointers and their sections), with the same meaning in
// GCC's build: the program's globals, the members of the function's
// structs, the numbers one iteration writes back, the function's arrays.
//
// A variable of static storage that a `#pragma omp target` region names
// without a clause, and that is not `declare target`, is implicitly
// firstprivate when it is a scalar, and a zero-length array section when
// it is a pointer (OpenMP 4.5, 2.15.5): the region sees its value at the
// construct.  Older codes keep their sizes and field pointers in globals
// (miniWeather's nx, nz and hy_dens_cell).  Each such global that the
// region reads and never writes becomes a local of the function, set from
// the global right before the construct, in the region as GCC compiles it
// too: the same meaning, in terms the checker and the outliner take as
// they take the function's own variables.
//
// The members of a struct the function holds by value (a parameter or a
// local) are the same: C codes pass their arrays and sizes in one
// (XSBench's `map(to: SD.num_nucs[:SD.length_num_nucs])` of its
// SimulationData parameter SD).  Each number or data pointer the region
// reads through such a struct, when the region uses the struct in no other
// way (whole, written, address taken) and no data region of the function
// maps it, becomes a local named as the member (`SD.num_nucs`), and a
// section of a member pointer is mapped as the front end maps one of a
// pointer variable (firstprivate pointer rather than attached).
//
// A number the region writes, mapped `tofrom`, and an array of the
// function the region maps, are the third and fourth cases (below).
//
// Input: the statement slot of an OMP_TARGET.  Output: the slot holds a
// scope with the locals, their assignments and the construct; the
// construct's new slot is returned (the same one when nothing changed).
#ifndef FERRY_PLUGIN_REGION_VARIABLES_H
#define FERRY_PLUGIN_REGION_VARIABLES_H

#include "gcc_compat.h"
#include "region_lowering.h"

namespace ferry {

tree *copy_region_globals(tree fndecl, tree *target_slot);

// PRESENT: what the function's data regions around the construct map.
tree *copy_region_members(tree fndecl, tree *target_slot,
                          const DataSections &present);

// A number of the function that the construct maps `tofrom` and that one
// iteration at most assigns, in the arm of an `if` on the loop's variable
// (RSBench's `if (i == 0) offloaded_to_device = ...`), becomes a section
// of one element of a pointer to it, which the checker follows as it
// follows any section and a kernel writes back; the same meaning in GCC's
// build.  A number other iterations may store keeps the checks of a
// shared variable (every iteration storing one value, a missing
// reduction).
tree *map_written_numbers_as_sections(tree fndecl, tree *target_slot,
                                      const DataSections &present);

// An array of numbers of the function, of a size known at compile time,
// that the construct maps whole or a section of (`int a[N]` with
// `map(tofrom: a)`, as OpenMP_VV's tests and small C programs write;
// `map(from: a[part * n:n])`, a device's share), becomes the section of a
// pointer to its first element, named as the array, through which the
// region reads and writes it (`a[i]` is `*(a + i)`): a buffer the checker
// follows and a kernel takes.  So does
// one a data region of the function maps and the construct uses without a
// clause (implicitly `tofrom`, present: the device's copy).  One that both
// a data region and the construct's own clause map, or that another
// clause names, stays as it is.
tree *map_arrays_as_sections(tree fndecl, tree *target_slot,
                             const DataSections &present);

// A loop of the construct whose body changes the loop's own variable
// (HeCBench's lid-driven-cavity: `col = (col * 2) - 1;`, a column from the
// index), which OpenMP does not allow: the construct counts the
// iterations apart from it.  Each iteration gets a copy of its own,
// named as the variable and set from it as the body begins, which the
// body changes instead, in GCC's build too: what a GPU thread that runs
// one iteration computes, and what the program's CUDA twin does.  A
// diagnostic of KIND (a warning; an error under
// -fplugin-arg-ferry-openmp-errors) at the first change says so, unless
// QUIET.
void copy_changed_loop_variables(tree target, diagnostic_t kind, bool quiet);

} // namespace ferry

#endif
