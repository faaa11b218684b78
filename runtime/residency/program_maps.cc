// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See program_maps.h.
#include "residency/program_maps.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

namespace ferry::rt {

namespace {

struct Section {
  std::uintptr_t start;
  std::size_t bytes;
};

std::vector<Section> sections_of(std::size_t count, void *const *addresses,
                                 const std::size_t *sizes,
                                 const unsigned short *kinds) {
  std::vector<Section> sections;
  for (std::size_t i = 0; i < count; ++i)
    if (addresses[i] && sizes[i] && is_data_map_kind(kinds[i]))
      sections.push_back(
          {reinterpret_cast<std::uintptr_t>(addresses[i]), sizes[i]});
  return sections;
}

// The data constructs a thread is inside, innermost last: libgomp ends
// the innermost on GOMP_target_end_data.
thread_local std::vector<std::vector<Section>> data_constructs;

std::atomic<unsigned long long> generation{0};

// Sections of `target enter data`, with their reference counts.
std::mutex entered_mutex;
std::map<std::uintptr_t, std::pair<std::size_t, unsigned>> entered;

// omp_target_alloc's blocks by address.
struct Block {
  std::size_t bytes;
  int device;
  bool associated;
};
std::mutex blocks_mutex;
std::map<std::uintptr_t, Block> blocks;

long long reach(const Section &section, std::uintptr_t host) {
  return host >= section.start && host - section.start < section.bytes
             ? static_cast<long long>(section.start + section.bytes - host)
             : -1;
}

} // namespace

// GCC's gomp-constants.h: the special flags mark the pointer, reference,
// present and OpenACC kinds.
bool is_data_map_kind(unsigned short kind) {
  constexpr unsigned kFlagSpecial0 = 1u << 2, kFlagSpecial1 = 1u << 3;
  constexpr unsigned kFlagSpecial3 = 1u << 5, kFlagSpecial4 = 1u << 6;
  constexpr unsigned kFlagForce = 1u << 7;
  return (kind & 0xff & (kFlagSpecial0 | kFlagSpecial1 | kFlagSpecial3 |
                         kFlagSpecial4 | kFlagForce)) == 0;
}

// libferry's own use_device_ptr constructs map no data: the generation
// stays.
void begin_data_maps(std::size_t count, void *const *addresses,
                     const std::size_t *sizes, const unsigned short *kinds) {
  data_constructs.push_back(sections_of(count, addresses, sizes, kinds));
  if (!data_constructs.back().empty())
    mapping_changed();
}

void end_data_maps() {
  if (data_constructs.empty())
    return;
  if (!data_constructs.back().empty())
    mapping_changed();
  data_constructs.pop_back();
}

void enter_exit_maps(std::size_t count, void *const *addresses,
                     const std::size_t *sizes, const unsigned short *kinds,
                     bool exit) {
  std::lock_guard<std::mutex> lock(entered_mutex);
  mapping_changed();
  if (!exit) {
    for (const Section &section : sections_of(count, addresses, sizes, kinds)) {
      auto &[bytes, references] = entered[section.start];
      bytes = std::max(bytes, section.bytes);
      ++references;
    }
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    auto found = entered.find(reinterpret_cast<std::uintptr_t>(addresses[i]));
    if (found != entered.end() && --found->second.second == 0)
      entered.erase(found);
  }
}

long long mapped_bytes_from(const void *host) {
  const auto address = reinterpret_cast<std::uintptr_t>(host);
  for (auto construct = data_constructs.rbegin();
       construct != data_constructs.rend(); ++construct)
    for (const Section &section : *construct)
      if (long long bytes = reach(section, address); bytes >= 0)
        return bytes;
  std::lock_guard<std::mutex> lock(entered_mutex);
  auto after = entered.upper_bound(address);
  if (after == entered.begin())
    return -1;
  --after;
  return reach({after->first, after->second.first}, address);
}

void program_block_allocated(const void *memory, std::size_t bytes,
                             int device) {
  if (!memory || !bytes)
    return;
  std::lock_guard<std::mutex> lock(blocks_mutex);
  blocks[reinterpret_cast<std::uintptr_t>(memory)] = {bytes, device, false};
}

ProgramBlock program_block_at(const void *address, int device) {
  const auto at = reinterpret_cast<std::uintptr_t>(address);
  std::lock_guard<std::mutex> lock(blocks_mutex);
  auto after = blocks.upper_bound(at);
  if (after == blocks.begin())
    return {};
  --after;
  const Block &block = after->second;
  if (block.device != device || reach({after->first, block.bytes}, at) < 0)
    return {};
  return {reinterpret_cast<const char *>(after->first), block.bytes,
          block.associated};
}

void program_block_associated(const void *start) {
  std::lock_guard<std::mutex> lock(blocks_mutex);
  auto found = blocks.find(reinterpret_cast<std::uintptr_t>(start));
  if (found != blocks.end())
    found->second.associated = true;
}

ProgramBlock program_block_freed(const void *memory) {
  std::lock_guard<std::mutex> lock(blocks_mutex);
  auto found = blocks.find(reinterpret_cast<std::uintptr_t>(memory));
  if (found == blocks.end())
    return {};
  const ProgramBlock block{static_cast<const char *>(memory),
                           found->second.bytes, found->second.associated};
  blocks.erase(found);
  return block;
}

unsigned long long mapping_generation() {
  return generation.load(std::memory_order_acquire);
}

void mapping_changed() { generation.fetch_add(1, std::memory_order_acq_rel); }

} // namespace ferry::rt
