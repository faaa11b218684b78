// SPDX-License-Identifier: GPL-3.0-or-later
// See map_kinds.h.
#include "map_kinds.h"

namespace ferry {

const char *map_kind_name(MapKind kind) {
  switch (kind) {
  case MapKind::none:
    return "none";
  case MapKind::to:
    return "to";
  case MapKind::from:
    return "from";
  case MapKind::tofrom:
    return "tofrom";
  case MapKind::alloc:
    return "alloc";
  }
  return "?";
}

namespace {

MapDecision decide(const BufferParam &buffer, const BufferUse &use) {
  if (!use.read && !use.written)
    return {MapKind::none, "the loop does not use it, so it is not mapped"};
  switch (buffer.ownership) {
  case Ownership::borrow:
    return {MapKind::to,
            "it is borrow: the kernel only reads it, so it is copied to the "
            "device and never back"};
  case Ownership::borrow_mut:
    if (!use.written) {
      warning_at(DECL_SOURCE_LOCATION(buffer.decl), 0,
                 "%qD is declared %<ferry::borrow_mut%> but the kernel only "
                 "reads it; %<ferry::borrow%> avoids copying it back",
                 buffer.decl);
      return {MapKind::to, "it is borrow_mut, but the loop only reads it, so "
                           "it is copied to the device only"};
    }
    if (use.atomic)
      return {MapKind::tofrom, "the region's atomic constructs read and write "
                               "it, so it is copied both ways"};
    return {MapKind::tofrom,
            use.read ? "it is borrow_mut: each iteration reads and writes its "
                       "own elements, so it is copied both ways"
                     : "it is borrow_mut: the loop writes it but may leave "
                       "elements unwritten, so it is copied both ways (use "
                       "out if every element is written)"};
  case Ownership::out: // the ownership check proved every element written
    return {MapKind::from, "it is out: every element is overwritten, so "
                           "nothing is copied in, only back"};
  case Ownership::scratch:
    return {MapKind::alloc, "it is scratch: device-only storage, never copied"};
  case Ownership::shared_mut:
    return {MapKind::tofrom, "it is shared_mut: iterations update shared "
                             "elements atomically, so it is copied both ways"};
  }
  return {};
}

} // namespace

std::vector<MapDecision> plan_maps(const Kernel &kernel,
                                   const KernelFacts &facts) {
  std::vector<MapDecision> plan;
  for (const BufferParam &buffer : kernel.buffers)
    plan.push_back(decide(buffer, facts.uses[buffer.index]));
  return plan;
}

} // namespace ferry
