// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See entry_guards.h.
#include "residency/entry_guards.h"

#include "pages/heap_blocks.h"
#include "pages/page_guard.h"
#include "pages/small_blocks.h"
#include "pages/stacks.h"
#include "residency/unguarded_parts.h"

#include <sys/mman.h>

#include <algorithm>
#include <vector>

namespace ferry::rt {

namespace {

Range intersect(Range a, Range b) {
  return {std::max(a.begin, b.begin), std::min(a.end, b.end)};
}

} // namespace

Range EntryGuards::guarded_pages(Range range) {
  if (!page_guard::enabled() || !page_guard::room_for_guard(range.size()))
    return {};
  heap_blocks::Block block;
  if (heap_blocks::find(reinterpret_cast<const void *>(range.begin), &block) &&
      block.page_aligned && block.range.contains(range) &&
      !block.range.overlaps(stacks::current_stack()))
    return page_guard::whole_pages(range);
  return page_guard::inner_pages(range);
}

void EntryGuards::guard_small_blocks(ResidentBuffer &entry) {
  if (!page_guard::enabled() || !small_blocks::holds_whole(entry.host) ||
      !page_guard::room_for_guard(entry.host.size()))
    return;
  Range pages = page_guard::whole_pages(entry.host);
  std::vector<ResidentBuffer *> group;
  for (Range before{};;) {
    group = table_.find_overlapping(pages);
    for (ResidentBuffer *member : group) {
      const Range touched = page_guard::whole_pages(member->host);
      pages = {std::min(pages.begin, touched.begin),
               std::max(pages.end, touched.end)};
    }
    if (pages == before)
      break;
    before = pages;
  }
  std::vector<Range> claims;
  for (ResidentBuffer *member : group)
    if (!member->claimed)
      claims.push_back(page_guard::whole_pages(member->host));
  const auto holds_buffer = [](Range block, void *self) {
    return !static_cast<ResidencyTable *>(self)
                ->find_overlapping(block)
                .empty();
  };
  if (std::all_of(group.begin(), group.end(),
                  [](ResidentBuffer *member) {
                    return small_blocks::holds_whole(member->host);
                  }) &&
      small_blocks::claim_pages(pages, claims.data(), claims.size(),
                                holds_buffer, &table_)) {
    for (ResidentBuffer *member : group) {
      if (!member->claimed) {
        // Its bytes are the host's (unguarded parts come back as each
        // kernel ends), and the host may have written them unseen since
        // the last launch: the device copy is current only where they
        // are what both sides had then.
        if (!unchanged_since_copied(*member, member->host))
          member->stale_on_device.add(member->host);
        member->unguarded_copies.clear();
        member->claimed = true;
        member->guarded = page_guard::whole_pages(member->host);
      }
      // The others' too: a join may have opened their pages.
      member->protected_host_version = ~std::uint64_t{0};
      protect(*member);
    }
    return;
  }
  for (ResidentBuffer *member : group)
    if (member->claimed)
      unguard(*member);
}

void EntryGuards::unguard(ResidentBuffer &entry) {
  copies_.download(entry, entry.host);
  entry.protection = small_blocks::protection_of(entry.guarded);
  page_guard::open(entry);
  release_claim(entry);
  entry.guarded = {};
}

void EntryGuards::release_claim(ResidentBuffer &entry) {
  if (entry.claimed)
    small_blocks::release_pages(entry.guarded);
  entry.claimed = false;
}

int EntryGuards::shared_page_protection(Range page) {
  int protection = PROT_READ | PROT_WRITE;
  for (ResidentBuffer *other : table_.find_overlapping(page)) {
    const Range part = intersect(page, other->host);
    if (!other->stale_on_host.parts_within(part).empty())
      return PROT_NONE;
    const std::vector<Range> stale = other->stale_on_device.parts_within(part);
    if (!(stale.size() == 1 && stale.front() == part))
      protection = PROT_READ;
  }
  return protection;
}

void EntryGuards::protect(ResidentBuffer &entry) {
  const Range guarded = entry.guarded;
  if (guarded.empty())
    return;
  // Launch after launch on the same buffers usually changes nothing:
  // the entry's sets, or for a group in small blocks those of every entry
  // on its pages (a member that joins or leaves resets the others).
  // Where no set and no entry changed at all, the sums need no walk.
  const bool known_before = !entry.protection.empty() &&
                            entry.protected_host_version != ~std::uint64_t{0};
  if (known_before && entry.protected_changes == residency_changes())
    return;
  std::uint64_t host_version = entry.stale_on_host.version(),
                device_version = entry.stale_on_device.version();
  if (entry.claimed) {
    host_version = device_version = 0;
    table_.visit_overlapping(guarded, [&](const ResidentBuffer &member) {
      host_version += member.stale_on_host.version();
      device_version += member.stale_on_device.version();
    });
  }
  if (known_before && entry.protected_host_version == host_version &&
      entry.protected_device_version == device_version) {
    entry.protected_changes = residency_changes();
    return;
  }
  const Range inner = page_guard::inner_pages(entry.host);
  std::vector<std::pair<Range, int>> wanted;
  if (!inner.empty()) {
    wanted.push_back({inner, PROT_READ});
    for (const Range &part : entry.stale_on_device.parts_within(inner)) {
      const Range pages = page_guard::inner_pages(part);
      if (!pages.empty())
        wanted.push_back({pages, PROT_READ | PROT_WRITE});
    }
    for (const Range &part : entry.stale_on_host.parts_within(inner))
      wanted.push_back(
          {intersect(page_guard::whole_pages(part), inner), PROT_NONE});
  }
  for (Range edge :
       {Range{guarded.begin, inner.empty() ? guarded.end : inner.begin},
        Range{inner.empty() ? guarded.end : inner.end, guarded.end}})
    if (!edge.empty())
      for (std::uintptr_t page = edge.begin; page < edge.end;
           page = page_guard::whole_pages({page, page + 1}).end) {
        const Range one = page_guard::whole_pages({page, page + 1});
        wanted.push_back({one, shared_page_protection(one)});
      }
  if (entry.claimed) // pages that small blocks share: as they are
    entry.protection = small_blocks::protection_of(guarded);
  page_guard::apply(entry, std::move(wanted));
  const bool known =
      entry.claimed || table_.find_overlapping(guarded).size() == 1;
  entry.protected_host_version = known ? host_version : ~std::uint64_t{0};
  entry.protected_device_version = known ? device_version : ~std::uint64_t{0};
  entry.protected_changes = residency_changes();
}

} // namespace ferry::rt
