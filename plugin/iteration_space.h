// SPDX-License-Identifier: GPL-3.0-or-later
// How a direct entry's threads cover its loop's iteration space
// (lower_direct.cc builds the entry around it).
//
// Input: the loop's levels, the entry's loop variables, its parameters by
// name and a way to declare its locals.  Output: the parameters the
// iteration space takes from the host (each level's lower bound and
// extent, a nest's outer count, a pass's first index, the total), and the
// statements around the loop body that give each thread its iterations:
//   a single loop    one iteration per thread, in as many passes as the
//                    launcher needs (runs_in_passes), else a grid-stride
//                    loop over the linear index
//   a nest           the innermost level along the grid's x, the next
//                    along y (or the other way round, where the accesses
//                    are contiguous along the next), the outer levels
//                    together along z; a point per thread, else loops
//                    striding over the grid
//   a framed entry   a grid-stride loop over the framed threads
// The launcher shapes the grid to match (runtime/nvptx/launch_geometry.cc).
#ifndef FERRY_PLUGIN_ITERATION_SPACE_H
#define FERRY_PLUGIN_ITERATION_SPACE_H

#include "kernel_model.h"

#include <functional>
#include <string>
#include <vector>

namespace ferry {

// Whether the plain entry runs one iteration per thread, without a loop,
// in as many launches as covering the loop takes: a loop in the entry lets
// GCC hoist loads that do not change between iterations, which then hold
// registers for the whole kernel (FIR's 16 coefficients took 54 registers
// a thread, half the occupancy of nvcc's code).  A reduction keeps the
// loop: its blocks are few, each combining many iterations.
inline bool runs_in_passes(bool reduces) { return !reduces; }

// Adds the entry parameter NAME of TYPE, with the host's VALUE and its
// role (enum ferry_direct_role of runtime/abi.h).
using AddEntryParameter =
    std::function<void(const char *name, tree type, tree value, char role)>;

// Whether a nest's grid runs along its second-innermost level on x (and
// its innermost on y): where the loop's accesses step through memory
// element by element with that level's variable and with no access so
// with the innermost's (`f[i + j * N]` in a loop over i, then j).  A
// warp's 32 threads then touch 32 neighbouring elements, where the other
// axis would touch 32 rows (jacobi's relaxation: a sector each).  The
// iterations of a parallel nest may run in any order, so either is its
// meaning.
bool x_along_next_level(const ParallelLoop &loop);

// The parameters that LOOP's iteration space takes, in order.
// X_ALONG_NEXT: x_along_next_level's answer for LOOP.
void plan_iteration_parameters(const ParallelLoop &loop, bool reduces,
                               bool x_along_next,
                               const AddEntryParameter &add);

// One entry's iteration space, once its parameters are declared.
struct IterationSpace {
  location_t location;
  std::vector<tree> loop_vars; // the entry's loop variables, outermost first
  bool framed;                 // the framed entry's body
  bool reduces;                // the loop has reductions
  bool x_along_next;           // x_along_next_level
  // The entry's parameter NAME (of those planned above).
  std::function<tree(const std::string &name)> parameter;
  // Declares a local NAME of TYPE in the entry.
  std::function<tree(const char *name, tree type)> add_local;
};

// The statements that run BODY for each of this thread's iterations of
// SPACE.
tree iterations_around(const IterationSpace &space, tree body);

} // namespace ferry

#endif
