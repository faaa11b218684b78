// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// How the resident policy (resident_transfers.cc) moves an entry's stale
// bytes between its host pages and its device copy.
//
// Pages that may be closed to a copy (guarded, page_guard.h) are copied
// around their protection, never opened for other threads to see half
// done: through a staging buffer and /proc/self/mem, or, where the pages
// are page-locked (pinned_pages.h), by the copy engine straight into them.
// Every copy that touches host memory is cut where a page-locked range
// begins or ends, because the GPU's driver refuses a copy that spans
// locked and pageable memory, or two locked ranges
// (CUDA_ERROR_INVALID_VALUE); the sim device refuses it too
// (devices/device_sim.cc), so tests without a GPU see such a copy.
#ifndef FERRY_RUNTIME_ENTRY_COPIES_H
#define FERRY_RUNTIME_ENTRY_COPIES_H

#include "devices/device.h"
#include "devices/target.h"
#include "pages/pinned_pages.h"
#include "residency/residency_table.h"

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace ferry::rt {

class EntryCopies {
public:
  explicit EntryCopies(const PinnedPages &pinned) : pinned_(pinned) {}

  // Copies the bytes of RANGE that the device copy lacks
  // (entry.stale_on_device) up, and marks them current there.
  void upload(ResidentBuffer &entry, Range range);
  // Copies the bytes of RANGE that the host lacks (entry.stale_on_host)
  // back, and marks them current there.
  void download(ResidentBuffer &entry, Range range);

private:
  // Copies BYTES between host memory at HOST, open to the CPU, and
  // ENTRY's device copy at DEVICE, in pieces the driver accepts.
  void to_device(const ResidentBuffer &entry, void *device, const void *host,
                 std::size_t bytes);
  void to_host(const ResidentBuffer &entry, void *host, const void *device,
               std::size_t bytes);

  // PART split by whether its pages may be closed to this copy.  An upload
  // only reads, so only pages with no access count; a download writes, so
  // any guarded page.
  static std::vector<std::pair<Range, bool>> pieces(const ResidentBuffer &entry,
                                                    Range part, bool reads);

  template <typename Copy> void for_chunks(Range range, Copy copy);

  const PinnedPages &pinned_;
  // Copies to and from closed pages pass through here, a chunk at a time
  // (left untouched, so costing no memory, until a copy needs it).
  static constexpr std::size_t kStagingBytes = std::size_t{16} << 20;
  std::unique_ptr<char[]> staging_{new char[kStagingBytes]};
};

} // namespace ferry::rt

#endif
