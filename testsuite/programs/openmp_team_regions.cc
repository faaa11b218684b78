// CUDA-style team regions, as OpenMP ports of CUDA kernels write them
// (HeCBench's reverse, stddev, stencil3d, scan): `target teams
// num_teams(T) thread_limit(L)` whose body declares what a team shares
// and runs one `parallel`, each thread placed by omp_get_team_num() and
// omp_get_thread_num(), kept in step by barriers.  ferry runs each team
// as one block of a device entry (on a GPU), on the data the program's
// `target data` mapped; elsewhere the region runs as GCC compiled it.
// Each region is written for any number of teams and threads (OpenMP
// lets the implementation give fewer than asked, and the host fallback
// does), so the serial build, the host and a GPU print the same.
// Shapes: a tree reduction in the team's array with barriers and an
// atomic total; a reversal through the team's array; a 2-D tile with a
// halo; a count the team's thread 0 writes for the others; a histogram
// of atomic updates in the team's array; an array of the function and a
// static number of the function, both read in the region; the team's
// array of structs; helpers that ask the runtime and hold barriers
// themselves (ported CUDA __device__ functions), one calling another;
// atomic captures of the old and of the new value (a queue's slots); a
// struct of numbers of the function, read in the region (lavaMD's).
// On the sim device every region runs as GCC compiled it: 10 launches, 0
// by ferry's entries.
// { ferry-stats "FERRY_DEVICE=sim" "launches=10" }
#include <cstdio>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num() { return 0; }
static int omp_get_num_threads() { return 1; }
static int omp_get_team_num() { return 0; }
static int omp_get_num_teams() { return 1; }
#endif

constexpr int kThreads = 128;

// Each team sums its blocks of x in its array, halving with barriers;
// the team's thread 0 stores each block's sum.  Every thread also adds
// its own part to the total atomically.
static void block_sums(int n, int blocks, const int *x, long *sums,
                       long *total) {
#pragma omp target teams num_teams(blocks) thread_limit(kThreads)
  {
    long partial[kThreads];
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      const int threads = omp_get_num_threads();
      for (int b = omp_get_team_num(); b < blocks; b += omp_get_num_teams()) {
        const int per_block = (n + blocks - 1) / blocks;
        long mine = 0;
        for (int i = b * per_block + t; i < (b + 1) * per_block && i < n;
             i += threads)
          mine += x[i];
        partial[t] = mine;
#pragma omp barrier
        for (int half = 1; half < threads; half *= 2) {
          if (t % (2 * half) == 0 && t + half < threads)
            partial[t] += partial[t + half];
#pragma omp barrier
        }
        if (t == 0)
          sums[b] = partial[0];
#pragma omp atomic update
        total[0] += mine;
#pragma omp barrier
      }
    }
  }
}

// Reverses v in place through the team's array (HeCBench's reverse).
static void reverse(int len, int *v) {
#pragma omp target teams num_teams(1) thread_limit(64)
  {
    int s[256];
#pragma omp parallel
    {
      const int threads = omp_get_num_threads();
      for (int t = omp_get_thread_num(); t < len; t += threads)
        s[t] = v[t];
#pragma omp barrier
      for (int t = omp_get_thread_num(); t < len; t += threads)
        v[t] = s[len - t - 1];
    }
  }
}

// A 3-point average along each row of 32-column tiles, with the tile and
// its halo in the team's array.
static void smooth_rows(int rows, int columns, const float *in, float *out) {
  const int tiles_per_row = (columns + 31) / 32;
  const int tiles = rows * tiles_per_row;
#pragma omp target teams num_teams(tiles) thread_limit(32)
  {
    float tile[34];
#pragma omp parallel
    {
      for (int k = omp_get_team_num(); k < tiles; k += omp_get_num_teams()) {
        const int row = k / tiles_per_row;
        const int first = (k % tiles_per_row) * 32;
        const float *from = in + row * columns;
        float *to = out + row * columns;
        for (int c = omp_get_thread_num(); c < 34;
             c += omp_get_num_threads()) {
          const int column = first + c - 1;
          tile[c] = column >= 0 && column < columns ? from[column] : 0.0f;
        }
#pragma omp barrier
        for (int c = omp_get_thread_num(); c < 32;
             c += omp_get_num_threads())
          if (first + c < columns)
            to[first + c] = (tile[c] + tile[c + 1] + tile[c + 2]) / 3.0f;
#pragma omp barrier
      }
    }
  }
}

// Tiles of 64 elements; a team's thread 0 counts the tile's nonzero
// elements in the team's number for the others to read after a barrier.
static void scale_tiles(int tiles, const int *in, int *out) {
#pragma omp target teams num_teams(tiles) thread_limit(64)
  {
    int nonzero;
#pragma omp parallel
    {
      for (int k = omp_get_team_num(); k < tiles; k += omp_get_num_teams()) {
        const int *from = in + 64 * k;
        if (omp_get_thread_num() == 0) {
          nonzero = 0;
          for (int i = 0; i < 64; ++i)
            nonzero += from[i] != 0;
        }
#pragma omp barrier
        for (int i = omp_get_thread_num(); i < 64; i += omp_get_num_threads())
          out[64 * k + i] = from[i] * nonzero;
#pragma omp barrier
      }
    }
  }
}

// Per team, a histogram of its values in the team's array (atomic
// updates), then added to the global one.  `weights` is an array of the
// function, `offset` a static number of the function.
static void histogram(int n, const int *values, int *bins) {
  int weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  static const int offset = n > 0 ? 1 : 0;
#pragma omp target data map(to: weights[0:8])
#pragma omp target teams num_teams(16) thread_limit(kThreads)
  {
    int local[8];
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      const int threads = omp_get_num_threads();
      for (int b = t; b < 8; b += threads)
        local[b] = 0;
#pragma omp barrier
      for (int i = omp_get_team_num() * threads + t; i < n;
           i += threads * omp_get_num_teams()) {
#pragma omp atomic update
        local[values[i] & 7] += weights[values[i] & 7] + offset;
      }
#pragma omp barrier
      for (int b = t; b < 8; b += threads) {
#pragma omp atomic update
        bins[b] += local[b];
      }
    }
  }
}

// The team's array of structs (HeCBench's aes keeps uchar4 blocks so):
// per team, the sums of each tile's x and y halves, from an array of the
// function's structs that the data region maps.
struct Pair {
  float x, y;
};

static void pair_sums(int tiles, const Pair *in, Pair *out) {
#pragma omp target teams num_teams(tiles) thread_limit(32)
  {
    Pair partial[32];
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      const int threads = omp_get_num_threads();
      for (int k = omp_get_team_num(); k < tiles; k += omp_get_num_teams()) {
        Pair mine = {0.0f, 0.0f};
        for (int i = t; i < 64; i += threads) {
          mine.x += in[64 * k + i].x;
          mine.y += in[64 * k + i].y;
        }
        partial[t] = mine;
#pragma omp barrier
        if (t == 0) {
          Pair all = {0.0f, 0.0f};
          for (int i = 0; i < threads; ++i) {
            all.x += partial[i].x;
            all.y += partial[i].y;
          }
          out[k] = all;
        }
#pragma omp barrier
      }
    }
  }
}

// Helpers as CUDA __device__ functions ported to OpenMP (HeCBench's
// twoWayScan, estep1_kernel): they ask the runtime which thread runs them
// and meet at barriers; the entry calls their twins.
static int thread_index() { return omp_get_thread_num(); }

// An inclusive scan of the team's THREADS values, for any count.  A
// template, as is its caller below (HeCBench's morphology: twoWayScan<op>
// called from morphology<op>): the region is instantiated at the unit's
// end, where the twin is defined.
template <int Step> static void team_scan(int *values, int threads) {
  const int t = thread_index();
  for (int step = Step; step < threads; step *= 2) {
    const int add = t >= step ? values[t - step] : 0;
#pragma omp barrier
    values[t] += add;
#pragma omp barrier
  }
}

// Per tile of 64 values, the weighted total: each thread sums its share,
// the team scans the shares, the last thread stores the last prefix.
template <int Weight>
static void tile_totals(int tiles, const int *in, int *totals) {
#pragma omp target teams num_teams(tiles) thread_limit(64)
  {
    int values[64];
#pragma omp parallel
    {
      const int t = thread_index();
      const int threads = omp_get_num_threads();
      for (int k = omp_get_team_num(); k < tiles; k += omp_get_num_teams()) {
        int mine = 0;
        for (int i = t; i < 64; i += threads)
          mine += in[64 * k + i] * (Weight + i % 4);
        values[t] = mine;
#pragma omp barrier
        team_scan<1>(values, threads);
        if (t == threads - 1)
          totals[k] = values[t];
#pragma omp barrier
      }
    }
  }
}

// Each of ITEMS items takes the next slot of a queue (a capture of the
// old count) and a stamp (a capture of the new value of a counter that
// grows by 2); which item gets which slot depends on the threads' order,
// what the slots hold and the stamps' sum do not.
static void claim_slots(int items, int *next, int *slots, long *stamp,
                        long *stamps) {
#pragma omp target teams num_teams(3) thread_limit(64)
  {
#pragma omp parallel
    {
      const int threads = omp_get_num_threads();
      for (int i = omp_get_team_num() * threads + omp_get_thread_num();
           i < items; i += omp_get_num_teams() * threads) {
        int slot;
#pragma omp atomic capture
        slot = next[0]++;
        slots[slot] = i;
        long mine;
#pragma omp atomic capture
        {
          stamp[0] += 2;
          mine = stamp[0];
        }
#pragma omp atomic update
        stamps[0] += mine;
      }
    }
  }
}

// The function's struct of numbers, which the threads only read: on a
// GPU a device copy whose address the entry takes, as a kernel's struct
// parameter (GCC's nvptx back end passes structs by reference; lavaMD's
// `par_cpu`).
struct Weights {
  float scale;
  int offset;
};
static void weigh_tiles(int tiles, Weights w, const int *in, float *out) {
#pragma omp target teams num_teams(tiles) thread_limit(64)
  {
#pragma omp parallel
    for (int t = omp_get_team_num(); t < tiles; t += omp_get_num_teams())
      for (int i = omp_get_thread_num(); i < 64; i += omp_get_num_threads())
        out[t * 64 + i] = w.scale * in[t * 64 + i] + w.offset;
  }
}

int main() {
  const int n = 50000, blocks = 37;
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = (i * 7919) % 1000 - 300;
  std::vector<long> sums(blocks, 0);
  long total[1] = {0};
  int v[200];
  for (int i = 0; i < 200; ++i)
    v[i] = i * 3;
  const int rows = 9, columns = 100;
  std::vector<float> grid(rows * columns), smooth(rows * columns, -1.0f);
  for (int i = 0; i < rows * columns; ++i)
    grid[i] = static_cast<float>((i * 37) % 101);
  const int tiles = 5;
  std::vector<int> in(64 * tiles), out(64 * tiles, -1);
  std::vector<float> weighed(64 * tiles, -1.0f);
  for (int i = 0; i < 64 * tiles; ++i)
    in[i] = i % 3;
  int bins[8] = {0};
  Pair pairs[64 * 3], pair_out[3];
  for (int i = 0; i < 64 * 3; ++i)
    pairs[i] = {static_cast<float>(i % 5), static_cast<float>(i % 11) * 0.5f};
  int totals[tiles] = {0};
  const int items = 300;
  int next[1] = {0}, slots[items];
  long stamp[1] = {0}, stamps[1] = {0};
  for (int i = 0; i < items; ++i)
    slots[i] = -1;
  int *px = x.data(), *pin = in.data(), *pout = out.data();
  long *ps = sums.data();
  float *pg = grid.data(), *pm = smooth.data(), *pw = weighed.data();
#pragma omp target data map(to: px[0:n], pg[0:rows * columns], pin[0:64 * tiles]) \
    map(tofrom: ps[0:blocks], total[0:1], v[0:200], pm[0:rows * columns], \
                pout[0:64 * tiles], bins[0:8], totals[0:tiles], \
                next[0:1], slots[0:items], stamp[0:1], stamps[0:1], \
                pw[0:64 * tiles]) \
    map(to: pairs[0:64 * 3]) map(from: pair_out[0:3])
  {
    block_sums(n, blocks, px, ps, total);
    reverse(200, v);
    smooth_rows(rows, columns, pg, pm);
    scale_tiles(tiles, pin, pout);
    histogram(n, px, bins);
    histogram(n / 2, px, bins);
    pair_sums(3, pairs, pair_out);
    tile_totals<1>(tiles, pin, totals);
    claim_slots(items, next, slots, stamp, stamps);
    weigh_tiles(tiles, Weights{1.5f, 7}, pin, pw);
  }
  long all = 0;
  for (int b = 0; b < blocks; ++b)
    all += sums[b];
  std::printf("block sums %ld (block 5: %ld), total %ld\n", all, sums[5],
              total[0]);
  std::printf("reversed: v[0]=%d v[199]=%d v[100]=%d\n", v[0], v[199], v[100]);
  double checksum = 0;
  for (int i = 0; i < rows * columns; ++i)
    checksum += smooth[i] * (i % 13);
  std::printf("smoothed: %.3f %.3f %.3f\n", smooth[0], smooth[431], checksum);
  long scaled = 0;
  for (int i = 0; i < 64 * tiles; ++i)
    scaled += out[i] * (i % 5);
  std::printf("tiles: %ld (out[65]=%d)\n", scaled, out[65]);
  std::printf("pairs: %.1f %.1f %.1f %.1f\n", pair_out[0].x, pair_out[0].y,
              pair_out[2].x, pair_out[2].y);
  std::printf("tile totals: %d %d %d %d %d\n", totals[0], totals[1],
              totals[2], totals[3], totals[4]);
  long slot_sum = 0, empty = 0;
  for (int i = 0; i < items; ++i) {
    slot_sum += slots[i];
    empty += slots[i] < 0;
  }
  std::printf("queue: %d taken, %ld in the slots, %ld empty; stamps %ld, "
              "last %ld\n",
              next[0], slot_sum, empty, stamps[0], stamp[0]);
  double weights = 0;
  for (int i = 0; i < 64 * tiles; ++i)
    weights += weighed[i] * (i % 7);
  std::printf("weighed tiles: %.1f (weighed[70]=%.1f)\n", weights,
              weighed[70]);
  std::printf("bins:");
  for (int b = 0; b < 8; ++b)
    std::printf(" %d", bins[b]);
  std::printf("\n");
}
