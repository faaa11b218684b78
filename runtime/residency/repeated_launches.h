// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The resident policy's memory of launches that changed nothing
// (resident_transfers.cc, acquire_all and release_all), so that the same
// launch again skips the residency table: a time loop's launches on
// buffers that stay resident.
//
// A launch changed nothing when, from its acquire to its release, no other
// section of the policy ran, no range set or table changed
// (residency_changes()), no page changed its protection
// (page_guard::protection_changes()), and its entries have no parts on
// unguarded pages (whose bytes an acquire compares) and no host faults
// that the next release would measure (host_rewrites).  Acquire and
// release are functions of the table and the buffers; so the same buffers
// (address, length, ownership, name), launched while the policy's marks
// are still the ones that launch left, change nothing again.  Their
// entries and addresses then come from the memo, and only the entries'
// use counts and clock are set.  Any other section of the policy, any
// change of a set or a table, any protection changed, and the memos no
// longer hold.
#ifndef FERRY_RUNTIME_REPEATED_LAUNCHES_H
#define FERRY_RUNTIME_REPEATED_LAUNCHES_H

#include "residency/residency_table.h"
#include "residency/transfers.h"

#include <cstdint>
#include <vector>

namespace ferry::rt {

// Where the policy stands: what must be the same for a memo to hold.
struct PolicyMarks {
  std::uint64_t sections = 0;    // the policy's sections not known quiet
  std::uint64_t changes = 0;     // residency_changes()
  std::uint64_t protections = 0; // page_guard::protection_changes()
  bool operator==(const PolicyMarks &other) const {
    return sections == other.sections && changes == other.changes &&
           protections == other.protections;
  }
};

class RepeatedLaunches {
public:
  // Whether BUFFERS are those of a remembered launch that left the policy
  // at MARKS: then each buffer's view, device copy, direct address and
  // entry are set as that launch's acquire set them.
  bool find(std::vector<Buffer> &buffers, const PolicyMarks &marks);
  // Remembers the launch of BUFFERS, released, whose entries
  // (Buffer::entry) it left as they were and the policy at MARKS.
  void remember(const std::vector<Buffer> &buffers, const PolicyMarks &marks);

private:
  struct Acquired {
    const char *name;
    unsigned ownership;
    char *host;
    std::size_t bytes;
    void *view, *device_copy, *direct_address, *entry;
  };
  struct Memo {
    PolicyMarks marks;
    std::vector<Acquired> buffers;
  };
  static bool same_buffers(const std::vector<Acquired> &memo,
                           const std::vector<Buffer> &buffers);
  // A time loop's few kernels, each remembered as it last ran.
  static constexpr unsigned kMemos = 8;
  Memo memos_[kMemos];
  unsigned next_ = 0;
};

} // namespace ferry::rt

#endif
