// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// The shape of a direct launch (cuda_launch.cc): how many threads a block
// and blocks along each axis of the grid, and the passes that cover an
// entry that runs one iteration per thread.  Plain arithmetic, so that it
// is tested without a GPU (testsuite/unit/test_launch_geometry.cc).
//
// Entries that loop (framed twins, reductions) stride over what their grid
// does not cover, so any grid is correct for them; the others are launched
// once per pass (for_each_pass).  These choose the fastest.
#ifndef FERRY_RUNTIME_NVPTX_LAUNCH_GEOMETRY_H
#define FERRY_RUNTIME_NVPTX_LAUNCH_GEOMETRY_H

#include <cstddef>
#include <initializer_list>
#include <string>

namespace ferry::rt::nvptx {

// The hardware's grid limits along x and along y and z.
constexpr unsigned long long kMaxBlocks = 0x7fffffff;
constexpr unsigned long long kMaxGridYZ = 65535;

struct Geometry {
  unsigned long long blocks[3]; // along x, y, z
  unsigned threads_x, threads_y;
  unsigned threads_z = 1; // a nest's layers a block (nest_geometry)

  unsigned block_threads() const { return threads_x * threads_y * threads_z; }

  // At most LIMIT blocks, taken from z first, then y, then x.
  void limit_blocks(unsigned long long limit);
};

// Whole warps, at most 1024 threads: the reductions' shuffles take every
// lane of a warp, and the hardware takes no more per block.  REQUESTED <= 0
// chooses 256.
unsigned block_size(int requested);

// TOTAL iterations, one per thread, in blocks of block_size threads; with
// no request, blocks of DEFAULT_THREADS (whole warps), smaller ones where
// those would leave some of the GPU's MULTIPROCESSORS without a block: a
// compute-bound kernel of 16,384 iterations ran on 64 of the H200's 132.
Geometry plain_geometry(unsigned long long total, int requested_blocks,
                        int requested_threads, unsigned multiprocessors = 0,
                        unsigned default_threads = 256);

// Of the block sizes 256, 192 and 128, the one at which the most warps are
// resident on a multiprocessor, the largest where they tie;
// RESIDENT_BLOCKS(threads) is how many blocks of that size are, by the
// entry's registers.  An entry of 154 registers keeps one block of 256
// threads (8 warps) where two of 192 fit (12 warps): RSBench's lookup.
template <class Resident> unsigned block_size_for(Resident resident_blocks) {
  unsigned best = 256;
  unsigned long long best_warps = 0;
  for (const unsigned threads : {256u, 192u, 128u}) {
    const unsigned long long warps =
        static_cast<unsigned long long>(resident_blocks(threads)) * threads /
        32;
    if (warps > best_warps) {
      best = threads;
      best_warps = warps;
    }
  }
  return best;
}

// A collapsed nest of EXTENTS (innermost level, the next, the outer levels
// together) as RAJAPerf's CUDA kernels run theirs: blocks of 32 x 8
// threads over its two innermost levels (narrower where the innermost
// level is, taller where the next is short, whole warps always) and its
// outer levels along z, as many blocks as cover it.  Where the two inner
// levels fill at most half a block, a block is all of them, exactly, for as
// many layers of the outer levels as fit (threads along z), as a CUDA
// kernel of one thread an iteration would run: a block of 3 x 3 x 28
// threads over su3_bench's 3 x 3 inner levels.  WHOLE_WARPS: a reducing
// entry's blocks stay whole warps.
Geometry nest_geometry(const unsigned long long extents[3],
                       int requested_blocks, int requested_threads,
                       bool whole_warps = false);

// Calls LAUNCH once per pass of GEOMETRY's grid over ENDS (the iterations
// along x, y and z), with FIRSTS set to where the pass starts; z outermost.
template <class Launch>
void for_each_pass(const Geometry &geometry, const unsigned long long ends[3],
                   unsigned long long firsts[3], Launch launch) {
  const unsigned long long covers[3] = {geometry.blocks[0] * geometry.threads_x,
                                        geometry.blocks[1] * geometry.threads_y,
                                        geometry.blocks[2] *
                                            geometry.threads_z};
  for (firsts[2] = 0; firsts[2] < ends[2]; firsts[2] += covers[2])
    for (firsts[1] = 0; firsts[1] < ends[1]; firsts[1] += covers[1])
      for (firsts[0] = 0; firsts[0] < ends[0]; firsts[0] += covers[0])
        launch();
}

// How a launch ran, for FERRY_STATS and messages: "framed, 512 bytes of
// stack per thread, " if it was, then the block and the grid ("32 x 8
// threads a block, 4 x 13 x 98 blocks", "3 x 3 x 28 threads a block, 1 x 1
// x 65535 blocks"), and ", reduced in one pass".
std::string describe(const Geometry &geometry, std::size_t stack_bytes,
                     bool reduces);

} // namespace ferry::rt::nvptx

#endif
