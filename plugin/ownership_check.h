// The ownership rules of the design (doc/rules.md), checked at compile time.
//
// Input: a Kernel model.  Output: an error at every expression that breaks a
// rule, with a note at the parameter whose attribute it breaks and the fix;
// and, for the stages after it, what the loops really do with each buffer
// and which functions they call.
#ifndef FERRY_PLUGIN_OWNERSHIP_CHECK_H
#define FERRY_PLUGIN_OWNERSHIP_CHECK_H

#include "gcc_compat.h"
#include "kernel_model.h"

#include <utility>
#include <vector>

namespace ferry {

struct BufferUse {
  bool read = false;
  bool written = false;
};

struct KernelFacts {
  std::vector<BufferUse> uses; // indexed by BufferParam::index
  // Functions the loops call, in the order seen, with where.
  std::vector<std::pair<tree, location_t>> callees;
};

// Checks rules 1, 2, 3 and 5 in every loop of KERNEL (rule 4 is checked
// while the model is built).  Returns false after reporting errors.
bool check_ownership(const Kernel &kernel, KernelFacts *facts);

} // namespace ferry

#endif
