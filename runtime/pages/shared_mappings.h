// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The memory the program maps shared (mmap with MAP_SHARED, shmat), which
// libferry's mapping hooks record (hooks/mapping_hooks.cc).  Another
// mapping of the same pages, in this process or another, reads and
// writes them without passing ferry's guarded pages: a device copy of a
// buffer there would leave those readers stale and lose their writes.  So
// a kernel's buffer there is refused at the launch (entry.cc), before
// any data moves.  Memory mapped before libferry started is not known.
#ifndef FERRY_RUNTIME_SHARED_MAPPINGS_H
#define FERRY_RUNTIME_SHARED_MAPPINGS_H

#include <cstddef>
#include <cstdint>

namespace ferry::rt::shared_mappings {

void mapped(const void *address, std::size_t bytes);
// Forgets what is recorded in [address, address + bytes).
void unmapped(const void *address, std::size_t bytes);
// The bytes of the recorded mapping that starts at ADDRESS, or 0 (shmdt
// takes only the address).
std::size_t bytes_at(const void *address);
// Whether any of [host, host + bytes) lies in a recorded mapping; one
// atomic load while there is none.
bool overlaps(const void *host, std::size_t bytes);
// Changes whenever a mapping is recorded or forgotten: what overlaps()
// answered holds while it stays the same.
std::uint64_t generation();

} // namespace ferry::rt::shared_mappings

#endif
