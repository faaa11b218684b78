// Unit tests of the direct launch's geometry (runtime/nvptx/
// launch_geometry.cc): blocks of whole warps; nests in blocks of up to
// 32 x 8 threads that still make whole warps when a level is short, or of
// several layers where both inner levels are; within the grid's limits; a
// block limit taken from z first; and passes that start the grid at every
// point of an entry's iterations exactly once.
#define BOOST_TEST_MODULE launch_geometry
#define BOOST_TEST_DYN_LINK
#include <boost/test/unit_test.hpp>

#include "nvptx/launch_geometry.h"

#include <algorithm>
#include <map>
#include <tuple>

using namespace ferry::rt::nvptx;

namespace {

unsigned long long blocks_of(const Geometry &g) {
  return g.blocks[0] * g.blocks[1] * g.blocks[2];
}

} // namespace

BOOST_AUTO_TEST_CASE(blocks_are_whole_warps) {
  BOOST_TEST(block_size(0) == 256u);
  BOOST_TEST(block_size(1) == 32u);
  BOOST_TEST(block_size(100) == 128u);
  BOOST_TEST(block_size(5000) == 1024u);
  const Geometry g = plain_geometry(1000000, 0, 0);
  BOOST_TEST(g.blocks[0] == 3907u);
  BOOST_TEST(g.threads_x == 256u);
  BOOST_TEST(plain_geometry(1000000, 3, 64).blocks[0] == 3u);
}

BOOST_AUTO_TEST_CASE(short_loops_reach_every_multiprocessor) {
  // 16,384 work items on 132 multiprocessors: 128 blocks of 128, not 64
  // of 256.
  const Geometry g = plain_geometry(16384, 0, 0, 132);
  BOOST_TEST(g.threads_x == 128u);
  BOOST_TEST(g.blocks[0] == 128u);
  // Whole warps even for a few iterations; large loops keep 256.
  BOOST_TEST(plain_geometry(100, 0, 0, 132).threads_x == 32u);
  BOOST_TEST(plain_geometry(1000000, 0, 0, 132).threads_x == 256u);
  // A request is kept as it is.
  BOOST_TEST(plain_geometry(16384, 0, 256, 132).threads_x == 256u);
}

// An H100's multiprocessor: 65,536 registers, 2,048 threads, 32 blocks;
// registers are given per warp in units of 256.
unsigned resident_blocks(unsigned registers, unsigned threads) {
  const unsigned per_warp = (registers * 32 + 255) / 256 * 256;
  const unsigned by_registers = 65536 / (per_warp * (threads / 32));
  return std::min({by_registers, 2048 / threads, 32u});
}

BOOST_AUTO_TEST_CASE(blocks_keep_the_most_warps_for_their_registers) {
  auto with = [](unsigned registers) {
    return block_size_for(
        [=](unsigned threads) { return resident_blocks(registers, threads); });
  };
  BOOST_TEST(with(32) == 256u);  // 64 warps at any size
  BOOST_TEST(with(64) == 256u);  // 32 warps at any size
  BOOST_TEST(with(154) == 192u); // 8 warps of 256, 12 of 192 or 128
  BOOST_TEST(with(96) == 128u);  // 16, 18 and 20 warps
  BOOST_TEST(with(255) == 256u); // 8 warps of 256 or of 128: the larger
  BOOST_TEST(block_size_for([](unsigned) { return 0; }) == 256u);
  // The chosen size is a plain launch's unless the program asks.
  BOOST_TEST(plain_geometry(1000000, 0, 0, 132, 192).threads_x == 192u);
  BOOST_TEST(plain_geometry(1000000, 0, 256, 132, 192).threads_x == 256u);
}

BOOST_AUTO_TEST_CASE(nests_take_32_by_8_blocks_as_rajaperf) {
  const unsigned long long heat[3] = {98, 98, 98};
  const Geometry g = nest_geometry(heat, 0, 0);
  BOOST_TEST(g.threads_x == 32u);
  BOOST_TEST(g.threads_y == 8u);
  BOOST_TEST(g.blocks[0] == 4u);
  BOOST_TEST(g.blocks[1] == 13u);
  BOOST_TEST(g.blocks[2] == 98u);
  BOOST_TEST(describe(g, 0, false) ==
             "32 x 8 threads a block, 4 x 13 x 98 blocks");
}

BOOST_AUTO_TEST_CASE(short_levels_still_make_whole_warps) {
  for (unsigned long long inner : {1ull, 3ull, 5ull, 31ull, 33ull})
    for (unsigned long long next : {1ull, 2ull, 7ull, 100ull})
      for (bool reduces : {false, true}) {
        const unsigned long long extents[3] = {inner, next, 4};
        const Geometry g = nest_geometry(extents, 0, 0, reduces);
        const unsigned threads = g.block_threads();
        // A reducing entry's shuffles take every lane of a warp.
        if (reduces || g.threads_z == 1)
          BOOST_TEST(threads % 32 == 0u);
        BOOST_TEST(threads <= 256u);
        // The grid covers both levels.
        BOOST_TEST(g.blocks[0] * g.threads_x >= inner);
        BOOST_TEST(g.blocks[1] * g.threads_y >= next);
      }
  const unsigned long long narrow[3] = {5, 3, 1};
  const Geometry g = nest_geometry(narrow, 0, 0);
  BOOST_TEST(g.threads_x == 8u);
  BOOST_TEST(g.threads_y == 4u);
  BOOST_TEST(g.threads_z == 1u);
}

BOOST_AUTO_TEST_CASE(short_inner_levels_take_several_layers_a_block) {
  // su3_bench's collapse(4): sites x 4 outside, 3 x 3 inside.
  const unsigned long long su3[3] = {3, 3, 4ull << 20};
  const Geometry g = nest_geometry(su3, 0, 0);
  BOOST_TEST(g.threads_x == 3u);
  BOOST_TEST(g.threads_y == 3u);
  BOOST_TEST(g.threads_z == 28u); // 252 threads, 9 x 28 of them busy
  BOOST_TEST(g.blocks[0] == 1u);
  BOOST_TEST(g.blocks[1] == 1u);
  BOOST_TEST(g.blocks[2] == kMaxGridYZ);
  BOOST_TEST(describe(g, 0, false) ==
             "3 x 3 x 28 threads a block, 1 x 1 x 65535 blocks");
  // Its thread_limit(36) asks for blocks of 64 threads.
  BOOST_TEST(nest_geometry(su3, 0, 36).threads_z == 7u);
  // The hardware takes at most 64 threads along z.
  const unsigned long long thin[3] = {1, 1, 1000};
  BOOST_TEST(nest_geometry(thin, 0, 0).threads_z == 64u);
  // No more layers than the nest has.
  const unsigned long long few[3] = {4, 4, 3};
  BOOST_TEST(nest_geometry(few, 0, 0).threads_z == 3u);
  BOOST_TEST(nest_geometry(few, 0, 0).blocks[2] == 1u);
  // A reduction's blocks stay whole warps: 4 x 4 x 16 threads are; 3 x 3
  // x 28 are not, and 3 x 3 makes none below 256 threads.
  const unsigned long long sixteen[3] = {4, 4, 1000};
  BOOST_TEST(nest_geometry(sixteen, 0, 0).threads_z == 16u);
  BOOST_TEST(nest_geometry(sixteen, 0, 0, true).threads_z == 16u);
  BOOST_TEST(nest_geometry(su3, 0, 0, true).threads_z == 1u);
  // Extents whose product wraps around 2^64 are no short levels.
  const unsigned long long wrapping[3] = {1ull << 32, 1ull << 32, 4};
  BOOST_TEST(nest_geometry(wrapping, 0, 0).threads_z == 1u);
  BOOST_TEST(nest_geometry(wrapping, 0, 0).threads_x == 32u);
  // Inner levels that fill more than half a block keep the 32 x 8 tiles.
  const unsigned long long wide[3] = {16, 9, 1000};
  BOOST_TEST(nest_geometry(wide, 0, 0).threads_z == 1u);
}

BOOST_AUTO_TEST_CASE(the_grid_stays_within_the_hardware_limits) {
  const unsigned long long tall[3] = {1, 1ull << 40, 1ull << 20};
  const Geometry g = nest_geometry(tall, 0, 0);
  BOOST_TEST(g.blocks[1] <= kMaxGridYZ);
  BOOST_TEST(g.blocks[2] <= kMaxGridYZ);
  BOOST_TEST(plain_geometry(1ull << 45, 0, 0).blocks[0] == kMaxBlocks);
}

BOOST_AUTO_TEST_CASE(a_block_limit_is_taken_from_z_first) {
  Geometry g{{32, 125, 98}, 32, 8};
  g.limit_blocks(1056);
  BOOST_TEST(blocks_of(g) <= 1056u);
  BOOST_TEST(g.blocks[0] == 32u);
  BOOST_TEST(g.blocks[1] == 33u);
  BOOST_TEST(g.blocks[2] == 1u);
  Geometry wide{{5000, 1, 1}, 256, 1};
  wide.limit_blocks(1056);
  BOOST_TEST(wide.blocks[0] == 1056u);
}

namespace {

// How many times the passes of G start the grid at each point below ENDS,
// and how many passes there are.
std::map<std::tuple<unsigned long long, unsigned long long, unsigned long long>,
         int>
runs_of_passes(const Geometry &g, const unsigned long long ends[3],
               int *passes) {
  std::map<
      std::tuple<unsigned long long, unsigned long long, unsigned long long>,
      int>
      runs;
  unsigned long long firsts[3] = {};
  *passes = 0;
  for_each_pass(g, ends, firsts, [&] {
    ++*passes;
    for (unsigned long long z = 0; z < g.blocks[2] * g.threads_z; ++z)
      for (unsigned long long y = 0; y < g.blocks[1] * g.threads_y; ++y)
        for (unsigned long long x = 0; x < g.blocks[0] * g.threads_x; ++x) {
          const auto point =
              std::make_tuple(firsts[0] + x, firsts[1] + y, firsts[2] + z);
          if (std::get<0>(point) < ends[0] && std::get<1>(point) < ends[1] &&
              std::get<2>(point) < ends[2])
            ++runs[point];
        }
  });
  return runs;
}

} // namespace

BOOST_AUTO_TEST_CASE(passes_start_the_grid_at_every_point_once) {
  // A grid of 2 x 3 x 2 blocks of 4 x 2 threads over 19 x 7 x 5 points.
  const Geometry g{{2, 3, 2}, 4, 2};
  const unsigned long long ends[3] = {19, 7, 5};
  int passes = 0;
  const auto runs = runs_of_passes(g, ends, &passes);
  BOOST_TEST(passes == 3 * 2 * 3); // ceil(19/8) * ceil(7/6) * ceil(5/2)
  BOOST_TEST(runs.size() == 19u * 7u * 5u);
  for (const auto &entry : runs)
    BOOST_TEST(entry.second == 1);
  // Blocks of 3 x 3 x 5 layers, 4 blocks deep, over 3 x 3 x 47 points.
  const Geometry layered{{1, 1, 4}, 3, 3, 5};
  const unsigned long long short_ends[3] = {3, 3, 47};
  const auto layered_runs = runs_of_passes(layered, short_ends, &passes);
  BOOST_TEST(passes == 3); // ceil(47 / 20)
  BOOST_TEST(layered_runs.size() == 3u * 3u * 47u);
  for (const auto &entry : layered_runs)
    BOOST_TEST(entry.second == 1);
}

BOOST_AUTO_TEST_CASE(framed_launches_and_reductions_say_so) {
  const Geometry framed{{4224, 1, 1}, 1, 32};
  BOOST_TEST(describe(framed, 512, false) ==
             "framed, 512 bytes of stack per thread, 1 x 32 threads a block, "
             "4224 blocks");
  const Geometry reduction{{1056, 1, 1}, 256, 1};
  BOOST_TEST(describe(reduction, 0, true) ==
             "256 threads a block, 1056 blocks, reduced in one pass");
}
