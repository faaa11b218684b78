// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See launch_geometry.h.
#include "nvptx/launch_geometry.h"

#include <algorithm>

namespace ferry::rt::nvptx {

namespace {

constexpr unsigned kWarp = 32;
constexpr unsigned kTileWidth = 32;
constexpr unsigned long long kMaxBlockDepth = 64; // the hardware's, along z

unsigned power_of_two_above(unsigned long long n) {
  unsigned p = 1;
  while (p < n && p < 1024)
    p *= 2;
  return p;
}

// How many whole layers of a nest of EXTENTS (the two inner levels, the
// outer ones) a block of THREADS takes along z, where those two levels
// are short: 0 where they fill more than half a block, or the outer levels
// are one layer.  su3_bench's collapse(4) nest has inner levels of 3 and
// 3: blocks of 4 x 8 threads over them ran 9 of their 32 and took 6.6x
// its CUDA's time.  WHOLE_WARPS: only as many layers as make whole warps
// (the reductions' shuffles take every lane).
unsigned layers_a_block(const unsigned long long extents[3], unsigned threads,
                        bool whole_warps) {
  // Each level's extent alone first: their product may wrap.
  if (extents[2] < 2 || extents[0] == 0 || extents[1] == 0 ||
      extents[0] > threads || extents[1] > threads)
    return 0;
  const unsigned long long layer = extents[0] * extents[1];
  if (layer * 2 > threads)
    return 0;
  unsigned layers = static_cast<unsigned>(std::min<unsigned long long>(
      {threads / layer, kMaxBlockDepth, extents[2]}));
  if (whole_warps)
    while (layers > 1 && layer * layers % kWarp)
      --layers;
  return layers > 1 ? layers : 0;
}

} // namespace

void Geometry::limit_blocks(unsigned long long limit) {
  for (int axis = 2; axis >= 0; --axis) {
    unsigned long long others = 1;
    for (int other = 0; other < axis; ++other)
      others *= blocks[other];
    if (others * blocks[axis] > limit)
      blocks[axis] = std::max<unsigned long long>(1, limit / others);
  }
}

unsigned block_size(int requested) {
  if (requested <= 0)
    return 256;
  const unsigned warps = (static_cast<unsigned>(requested) + kWarp - 1) / kWarp;
  return warps > 32 ? 1024 : warps * kWarp;
}

Geometry plain_geometry(unsigned long long total, int requested_blocks,
                        int requested_threads, unsigned multiprocessors,
                        unsigned default_threads) {
  unsigned threads =
      requested_threads > 0 ? block_size(requested_threads) : default_threads;
  if (requested_threads <= 0 && requested_blocks <= 0 && multiprocessors &&
      total < static_cast<unsigned long long>(threads) * multiprocessors) {
    const unsigned long long per_multiprocessor =
        (total + multiprocessors - 1) / multiprocessors;
    threads = static_cast<unsigned>(std::max<unsigned long long>(
        kWarp, (per_multiprocessor + kWarp - 1) / kWarp * kWarp));
  }
  const unsigned long long blocks =
      requested_blocks > 0 ? static_cast<unsigned long long>(requested_blocks)
                           : (total + threads - 1) / threads;
  return {{std::min(blocks, kMaxBlocks), 1, 1}, threads, 1};
}

Geometry nest_geometry(const unsigned long long extents[3],
                       int requested_blocks, int requested_threads,
                       bool whole_warps) {
  const unsigned threads = block_size(requested_threads);
  if (const unsigned layers = layers_a_block(extents, threads, whole_warps)) {
    const unsigned long long layer_blocks = (extents[2] + layers - 1) / layers;
    Geometry geometry{{1, 1, std::min(layer_blocks, kMaxGridYZ)},
                      static_cast<unsigned>(extents[0]),
                      static_cast<unsigned>(extents[1]),
                      layers};
    if (requested_blocks > 0)
      geometry.limit_blocks(static_cast<unsigned long long>(requested_blocks));
    return geometry;
  }
  const unsigned x = std::min(kTileWidth, power_of_two_above(extents[0]));
  unsigned y = std::min(threads / x, power_of_two_above(extents[1]));
  if (x * y < kWarp)
    y = kWarp / x;
  Geometry geometry{
      {std::min((extents[0] + x - 1) / x, kMaxBlocks),
       std::min((extents[1] + y - 1) / y, kMaxGridYZ),
       std::min(std::max<unsigned long long>(extents[2], 1), kMaxGridYZ)},
      x,
      y};
  if (requested_blocks > 0)
    geometry.limit_blocks(static_cast<unsigned long long>(requested_blocks));
  return geometry;
}

std::string describe(const Geometry &geometry, std::size_t stack_bytes,
                     bool reduces) {
  std::string text;
  if (stack_bytes)
    text = "framed, " + std::to_string(stack_bytes) +
           " bytes of stack per thread, ";
  text += std::to_string(geometry.threads_x);
  if (geometry.threads_y > 1 || geometry.threads_z > 1)
    text += " x " + std::to_string(geometry.threads_y);
  if (geometry.threads_z > 1)
    text += " x " + std::to_string(geometry.threads_z);
  text += " threads a block, " + std::to_string(geometry.blocks[0]);
  if (geometry.blocks[1] > 1 || geometry.blocks[2] > 1)
    text += " x " + std::to_string(geometry.blocks[1]) + " x " +
            std::to_string(geometry.blocks[2]);
  text += " blocks";
  if (reduces)
    text += ", reduced in one pass";
  return text;
}

} // namespace ferry::rt::nvptx
