// SPDX-License-Identifier: GPL-3.0-or-later
// A program's `#pragma omp simd` and `#pragma omp loop bind(thread)` loops
// inside the iterations of its target loop (su3_bench's `loop bind(thread)`
// over a matrix row, HeCBench multimaterial's `simd` over materials), read
// as the plain loops one thread runs in order, which is one way OpenMP
// lets either run: ferry's kernels give each iteration a thread of its own
// and have no lanes left to share such a loop.  For region_reader.cc; the
// constructs go back as written when ferry does not take the region, where
// GCC's own build shares them among a warp's lanes.
#ifndef FERRY_PLUGIN_REGION_INNER_LOOPS_H
#define FERRY_PLUGIN_REGION_INNER_LOOPS_H

#include "gcc_compat.h"

#include <utility>
#include <vector>

namespace ferry {

// The constructs replaced, each slot with what it held.
using ReplacedConstructs = std::vector<std::pair<tree *, tree>>;

// Replaces, in the statements *BODY of a loop's iteration, every `simd` or
// `loop bind(thread)` construct not inside another construct, of one loop
// counting up by one, whose clauses change nothing a thread running it in
// order would see (`private` and `linear` of its own variable, `safelen`,
// `simdlen`, `order`, `aligned`, `nontemporal`), by that loop; appends
// each slot and its construct to *REPLACED.
void read_inner_loops_in_order(tree *body, ReplacedConstructs *replaced);

// Puts the constructs of REPLACED back, last first, and empties it.
void restore_inner_loops(ReplacedConstructs *replaced);

} // namespace ferry

#endif // FERRY_PLUGIN_REGION_INNER_LOOPS_H
