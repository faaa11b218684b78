// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// Cuts the PTX objects of the module the direct launcher links
// (cuda_launch.cc) down to what its entries reach, before the driver
// compiles them; and the objects of an image libgomp gets down to what
// its OpenMP regions and variables reach (offload_images.h), without the
// direct entries, which libgomp never runs.
//
// The frames module is linked with libgcc, newlib and libgomp's -mgomp
// archive so that the OpenMP regions in the same offload IR link
// (tools/ferry-mkoffload.in); the direct entries reach a few of those
// functions, if any.  The driver compiles every function it is given,
// and on a machine whose JIT cache is cold that took seconds at the first
// launch (XSBench: 594 KB of PTX, of which its entry reaches 38 KB).
//
// Input: the objects, as GCC's nvptx back end writes them, each function
// and variable after a `// BEGIN [GLOBAL] FUNCTION|VAR DEF|DECL: NAME`
// line (but for the kernel stub of each OpenMP region, an `.entry` that
// GCC writes unmarked after the function before it: it is a definition
// of its own, and reaches all of libgomp's device runtime), and which
// entries (and variables) the loader needs.  Output: the same objects
// with the definitions those entries cannot reach, and the declarations
// nothing kept names, left out; an object left without a definition is
// dropped.  Reachability is by name: any word of a kept
// definition that names a definition keeps it (calls, addresses taken,
// variables' initialisers), so the cut is conservative; text outside the
// marked blocks is kept, and the names in it keep their definitions.
#ifndef FERRY_RUNTIME_PTX_PRUNE_H
#define FERRY_RUNTIME_PTX_PRUNE_H

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ferry::rt {

struct PrunedModule {
  std::vector<std::string> objects;
  std::size_t bytes_given = 0;
  std::size_t bytes_kept = 0;
  std::size_t functions_given = 0; // definitions
  std::size_t functions_kept = 0;
  std::vector<std::string> entries; // those KEEP chose, as defined
};

// OBJECTS cut down to what the entries and variables for which KEEP(name)
// holds reach (variables: those a loader looks up by name, as libgomp
// does the image's declare target variables).
PrunedModule
prune_to_entries(const std::vector<std::string_view> &objects,
                 const std::function<bool(std::string_view)> &keep);

} // namespace ferry::rt

#endif
