// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See messages.h.
#include "mpi/messages.h"

#include "core/settings.h"
#include "devices/device.h"
#include "devices/launcher.h"
#include "devices/target.h"
#include "residency/transfers.h"
#include "runtime.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace ferry::rt {

namespace {

struct InFlight {
  unsigned long long token;
  const char *begin;
  const char *end;
  bool receives;
  const char *call;
};

std::mutex in_flight_mutex;
std::vector<InFlight> in_flight;             // guarded by in_flight_mutex
std::atomic<std::size_t> in_flight_count{0}; // read without the lock
unsigned long long last_token = 0;           // guarded by in_flight_mutex

// Staging buffers for messages: page-locked where the GPU's driver gives
// them, so that the copies to and from the device go by DMA, as hand-written
// CUDA + MPI codes stage; else heap memory.  A buffer given back is kept
// for the next message of its size or less.
class StagingPool {
public:
  void *take(std::size_t bytes) {
    bytes = (bytes + kGranule - 1) / kGranule * kGranule;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto best = free_.end();
      for (auto it = free_.begin(); it != free_.end(); ++it)
        if (it->bytes >= bytes &&
            (best == free_.end() || it->bytes < best->bytes))
          best = it;
      if (best != free_.end()) {
        const Block block = *best;
        free_.erase(best);
        used_.push_back(block);
        return block.memory;
      }
    }
    Block block{nullptr, bytes, false};
    const Device &device = *current_target().device;
    if (device.has_separate_memory() && !device.runs_regions_on_host())
      block.memory = direct_launcher().allocate_pinned(bytes);
    block.pinned = block.memory != nullptr;
    if (!block.memory)
      block.memory = std::malloc(bytes);
    if (!block.memory)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    used_.push_back(block);
    return block.memory;
  }

  void give_back(const void *memory) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = used_.begin(); it != used_.end(); ++it)
      if (it->memory == memory) {
        free_.push_back(*it);
        used_.erase(it);
        break;
      }
    if (free_.size() > kKeep) {
      const Block oldest = free_.front();
      free_.erase(free_.begin());
      if (oldest.pinned)
        direct_launcher().free_pinned(oldest.memory);
      else
        std::free(oldest.memory);
    }
  }

private:
  static constexpr std::size_t kGranule = 64 * 1024;
  static constexpr std::size_t kKeep = 16;
  struct Block {
    void *memory;
    std::size_t bytes;
    bool pinned;
  };
  std::mutex mutex_;
  std::vector<Block> free_; // guarded by mutex_
  std::vector<Block> used_; // guarded by mutex_
};

StagingPool &staging() {
  static StagingPool *pool = new StagingPool; // used from atexit handlers too
  return *pool;
}

std::string pointer_text(const void *address) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", address);
  return text;
}

} // namespace

std::string find_message_conflict(const LaunchSite &site,
                                  const std::vector<Buffer> &buffers) {
  if (!settings().check || in_flight_count.load() == 0)
    return {};
  std::lock_guard<std::mutex> lock(in_flight_mutex);
  for (const Buffer &buffer : buffers) {
    if (!buffer.bytes || buffer.host_is_temporary)
      continue;
    for (const InFlight &message : in_flight) {
      const bool overlaps = buffer.host < message.end &&
                            message.begin < buffer.host + buffer.bytes;
      if (!overlaps || !(message.receives || is_written(buffer.ownership)))
        continue;
      return describe_site(site) + ": " + range_text(buffer) +
             ", and an unfinished " + message.call +
             (message.receives ? " receives into [" : " sends from [") +
             pointer_text(message.begin) + ", " + pointer_text(message.end) +
             "); until MPI_Wait or MPI_Test completes that request, a kernel "
             "must not " +
             (message.receives ? "touch the buffer it fills"
                               : "write the buffer it sends") +
             " (rule 6), so the kernel did not run";
    }
  }
  return {};
}

} // namespace ferry::rt

using namespace ferry::rt;

extern "C" const void *__ferry_send_begin(const void *data,
                                          unsigned long long bytes) {
  if (!handed_range_resident(data, bytes))
    return data;
  void *landing = staging().take(bytes);
  if (!landing) {
    host_access().sync_to_host(data, bytes);
    return data;
  }
  // Staged even where the host's bytes are current: their pages may be
  // guarded for other bytes, and MPI may read them from another process.
  host_access().read_current(data, bytes, landing);
  return landing;
}

extern "C" void __ferry_send_end(const void *data, const void *staged) {
  if (staged != data)
    staging().give_back(staged);
}

extern "C" void *__ferry_receive_begin(void *data, unsigned long long bytes) {
  if (!handed_range_resident(data, bytes))
    return data;
  if (void *landing = staging().take(bytes))
    return landing;
  // No room to stage: receive in place, with the host's copy current.
  host_access().host_wrote(data, bytes);
  return data;
}

extern "C" void __ferry_receive_end(void *data, void *landing,
                                    unsigned long long received) {
  if (landing == data)
    return;
  if (received && handed_range_resident(data, received)) {
    // Where kernels will read it next: straight to the device.
    if (!host_access().device_received(data, landing, received))
      host_access().host_replaced(data, landing, received);
  } else if (received) {
    std::memcpy(data, landing, received);
  }
  staging().give_back(landing);
}

extern "C" unsigned long long __ferry_message_begin(const void *data,
                                                    unsigned long long bytes,
                                                    int receives,
                                                    const char *call) {
  if (!data || !bytes)
    return 0;
  std::lock_guard<std::mutex> lock(in_flight_mutex);
  const char *begin = static_cast<const char *>(data);
  in_flight.push_back(
      {++last_token, begin, begin + bytes, receives != 0, call});
  in_flight_count.store(in_flight.size());
  return last_token;
}

extern "C" void __ferry_message_done(unsigned long long token) {
  if (!token)
    return;
  std::lock_guard<std::mutex> lock(in_flight_mutex);
  for (std::size_t k = 0; k < in_flight.size(); ++k)
    if (in_flight[k].token == token) {
      in_flight[k] = in_flight.back();
      in_flight.pop_back();
      break;
    }
  in_flight_count.store(in_flight.size());
}
