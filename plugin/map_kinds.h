// SPDX-License-Identifier: GPL-3.0-or-later
// The map kind of each buffer, from its ownership attribute and from what
// the kernel's loops really do with it.
//
// Input: the Kernel and the KernelFacts of the ownership check.  Output: one
// MapDecision per buffer, with the reason that -fplugin-arg-ferry-explain
// prints.  Also warns when an attribute promises more than the loops use
// (a borrow_mut that is never written costs a copy back on every launch).
#ifndef FERRY_PLUGIN_MAP_KINDS_H
#define FERRY_PLUGIN_MAP_KINDS_H

#include "kernel_model.h"
#include "ownership_check.h"

#include <string>
#include <vector>

namespace ferry {

enum class MapKind { none, to, from, tofrom, alloc };

// "to", "from", ...: as in a map clause.
const char *map_kind_name(MapKind kind);

struct MapDecision {
  MapKind kind = MapKind::none;
  std::string reason;
};

std::vector<MapDecision> plan_maps(const Kernel &kernel,
                                   const KernelFacts &facts);

} // namespace ferry

#endif
