// SPDX-License-Identifier: GPL-3.0-or-later
// What a statement of a team loop's team does beside computing
// (team_loops.cc): a block's threads each run one that sets only the
// team's numbers, and thread 0 one that writes memory.
//
// Input: a statement or expression at its function's PRE_GENERICIZE.
// Output: the variables it sets, whether it writes memory (a store
// through a pointer, to an array or a variable of static storage, an
// atomic construct, `asm`, a call of a function that may), and whether
// it jumps out of itself.
#ifndef FERRY_PLUGIN_TEAM_STATEMENTS_H
#define FERRY_PLUGIN_TEAM_STATEMENTS_H

#include "gcc_compat.h"

#include <set>

namespace ferry {

struct TeamStatementEffects {
  std::set<tree> variables; // set or their address taken, wherever declared
  tree memory = NULL_TREE;  // the first node that writes memory
  bool jumps = false;       // a return, goto, break or continue
};

// What CODE does, as above.  A call writes no memory when its function is
// `const` or `pure`, is of the C library's maths (sqrtf, expf: no pointer
// to write through, errno aside, which the device has not), or has a
// visible body that stores only to its own automatic variables and calls
// only such functions (std::max, a port's typeToFloat), a few calls deep.
TeamStatementEffects team_statement_effects(tree code);

} // namespace ferry

#endif
