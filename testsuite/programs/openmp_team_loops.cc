// Team loops, as OpenMP ports of CUDA's one-block-a-row kernels write
// them (HeCBench's channelSum, addBiasResidualLayerNorm): `target teams
// distribute` whose iterations run `parallel for` loops among statements
// of the team, a row's sums reduced by the team's threads and then used
// by the team.  ferry runs each iteration as a team of one block of a
// device entry (on a GPU), on the data the program's `target data`
// mapped; elsewhere the region runs as GCC compiled it.  Shapes: two sums
// over a collapsed nest, stored by the team; a layer norm (a mean, then a
// variance over what the first loop wrote, then the rows normalized with
// the team's numbers); a row's maximum and a count of the elements above
// half of it, in the team's array, read back by the team's thread; fewer
// teams than rows (num_teams(3)), over a collapsed distribute; rows the
// team skips with `continue`; a private number of the function and a
// firstprivate one; `-` and `*` and `|` reductions; a loop of the team
// over its channels, each a parallel sum added atomically, and a parallel
// loop under an `if` of the team (groupnorm's); a distribute loop
// stepping a block at a time and a nested loop stepping by 2
// (stencil1d's).  The sums of small
// integers are exact in any order, the layer norm's within the harness's
// tolerance, so the serial build, the host and a GPU print the same.  On
// the sim device every region runs as GCC compiled it: 8 launches, 0 by
// ferry's entries.
// { ferry-stats "FERRY_DEVICE=sim" "launches=8" }
#include <cstdio>
#include <vector>

static void channel_sums(int n, int c_count, int hw, const int *x, int *sum,
                         int *sumsq) {
#pragma omp target teams distribute num_teams(c_count)
  for (int c = 0; c < c_count; c++) {
    int m_val = 0, v_val = 0;
#pragma omp parallel for collapse(2) reduction(+ : m_val, v_val) \
    num_threads(256)
    for (int b = 0; b < n; b++) {
      for (int k = 0; k < hw; k++) {
        const int index = (b * c_count + c) * hw + k;
        m_val += x[index];
        v_val += x[index] * x[index];
      }
    }
    sum[c] = m_val;
    sumsq[c] = v_val;
  }
}

static void layer_norm(double *out, const double *in, const double *bias,
                       int rows, int cols, int threads) {
#pragma omp target teams distribute num_teams(rows)
  for (int row = 0; row < rows; row++) {
    double mean = 0.0;
#pragma omp parallel for reduction(+ : mean) num_threads(threads)
    for (int col = 0; col < cols; col++) {
      const int idx = row * cols + col;
      const double v = out[idx] + in[idx] + bias[col];
      out[idx] = v;
      mean += v;
    }
    mean /= cols;
    double variance = 0.0;
#pragma omp parallel for reduction(+ : variance) num_threads(threads)
    for (int col = 0; col < cols; col++) {
      const double d = out[row * cols + col] - mean;
      variance += d * d;
    }
    const double scale = variance > 0 ? 1.0 / variance : 1.0;
#pragma omp parallel for num_threads(threads)
    for (int col = 0; col < cols; col++)
      out[row * cols + col] = (out[row * cols + col] - mean) * scale;
  }
}

static void row_peaks(const int *x, int *peaks, int *above, int rows,
                      int cols) {
#pragma omp target teams distribute
  for (int r = 0; r < rows; ++r) {
    int counts[64];
    int peak = -1;
#pragma omp parallel for reduction(max : peak)
    for (int c = 0; c < cols; ++c)
      peak = x[r * cols + c] > peak ? x[r * cols + c] : peak;
#pragma omp parallel for
    for (int slot = 0; slot < 64; ++slot) {
      int count = 0;
      for (int c = slot; c < cols; c += 64)
        count += 2 * x[r * cols + c] > peak;
      counts[slot] = count;
    }
    int total = 0;
    for (int slot = 0; slot < 64; ++slot)
      total += counts[slot];
    peaks[r] = peak;
    above[r] = total;
  }
}

static void block_products(const int *x, long *products, int *bits,
                           int planes, int rows, int cols) {
  int t;
  const int base = 1;
#pragma omp target teams distribute collapse(2) num_teams(3)
  for (int p = 0; p < planes; ++p)
    for (int r = 0; r < rows; ++r) {
      if ((p + r) % 4 == 3)
        continue; // rows the team skips
      long product = 1;
      int ored = 0, down = 100;
#pragma omp parallel for reduction(* : product) reduction(| : ored) \
    reduction(- : down) private(t) firstprivate(base)
      for (int c = 0; c < cols; ++c) {
        t = x[(p * rows + r) * cols + c];
        product *= (t % 3) + base;
        ored |= 1 << (t % 13);
        down -= t % 5;
      }
      products[p * rows + r] = product + down;
      bits[p * rows + r] = ored;
    }
}

// Each team's channels in turn, a parallel sum of each, the sums added
// atomically across teams (groupnorm's backward pass).
static void group_sums(const int *x, int *totals, int groups, int per_group,
                       int len) {
#pragma omp target teams distribute
  for (int g = 0; g < groups; ++g) {
    for (int c = 0; c < per_group; ++c) {
      int s = 0;
#pragma omp parallel for reduction(+ : s)
      for (int i = 0; i < len; ++i)
        s += x[(g * per_group + c) * len + i];
      if (s % 2 == 0) {
#pragma omp parallel for
        for (int i = 0; i < len; ++i)
          if (i == 0) {
#pragma omp atomic update
            totals[c] += 1;
          }
      }
#pragma omp atomic update
      totals[c] += s;
    }
  }
}

// A softmax of each row (moe's): `teams distribute parallel for`, whose
// iterations' nested parallel loops get threads of their own, the rows
// flagged done skipped; a nested `parallel` that is no loop construct
// (logprob's) runs its body on one thread, as GCC's build runs it, so
// that its sum counts each element once.
static void softmax_rows(const double *x, const int *done, double *out,
                         double *checks, int rows, int cols) {
#pragma omp target teams distribute parallel for num_threads(64)
  for (int r = 0; r < rows; ++r) {
    if (done[r])
      continue;
    double top = -1e300;
#pragma omp parallel for reduction(max : top)
    for (int c = 0; c < cols; ++c)
      top = x[r * cols + c] > top ? x[r * cols + c] : top;
    double sum = 0;
#pragma omp parallel for reduction(+ : sum)
    for (int c = 0; c < cols; ++c)
      sum += x[r * cols + c] - top;
    double check = 0;
#pragma omp parallel reduction(+ : check)
    for (int c = 0; c < cols; ++c)
      check += x[r * cols + c];
#pragma omp parallel for
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = (x[r * cols + c] - top) / (sum - 1);
    checks[r] = check;
  }
}

// A 3-point sum over blocks of 32 through the team's array, the
// distribute loop stepping a block at a time (HeCBench's stencil1d); the
// odd elements of each block then doubled by a loop stepping by 2.
constexpr int kBlock = 32;
static void block_stencil(const int *a, int *b, int length) {
#pragma omp target teams distribute
  for (int i = 0; i < length; i = i + kBlock) {
    int temp[kBlock + 2];
#pragma omp parallel for
    for (int j = 0; j < kBlock; j++) {
      temp[j + 1] = a[i + j];
      if (j == 0)
        temp[0] = i == 0 ? 0 : a[i - 1];
      if (j == kBlock - 1)
        temp[kBlock + 1] = i + kBlock < length ? a[i + kBlock] : 0;
    }
#pragma omp parallel for
    for (int j = 0; j < kBlock; j++)
      b[i + j] = temp[j] + temp[j + 1] + temp[j + 2];
#pragma omp parallel for
    for (int j = 1; j < kBlock; j += 2)
      b[i + j] *= 2;
  }
}

int main() {
  const int n = 3, c_count = 37, hw = 101;
  std::vector<int> x(n * c_count * hw), sum(c_count), sumsq(c_count);
  for (std::size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<int>(i * 7 % 17);
  const int rows = 29, cols = 300;
  std::vector<double> out(rows * cols), in(rows * cols), bias(cols);
  for (int i = 0; i < rows * cols; ++i) {
    out[i] = i % 5;
    in[i] = (i * 3) % 7;
  }
  for (int c = 0; c < cols; ++c)
    bias[c] = c % 4;
  std::vector<int> peaks(rows), above(rows);
  const int planes = 2, prows = 5, pcols = 20;
  std::vector<long> products(planes * prows, -1);
  std::vector<int> bits(planes * prows, -1);
  int *xs = x.data(), *sums = sum.data(), *sumsqs = sumsq.data();
  double *outs = out.data(), *ins = in.data(), *biases = bias.data();
  int *peak_data = peaks.data(), *above_data = above.data(), *bit_data = bits.data();
  long *product_data = products.data();
  const int groups = 7, per_group = 4, len = 90;
  std::vector<int> totals(per_group);
  int *total_data = totals.data();
  const int srows = 23, scols = 150;
  std::vector<double> sx(srows * scols), sout(srows * scols, 7), checks(srows, 5);
  std::vector<int> done(srows);
  for (int i = 0; i < srows * scols; ++i)
    sx[i] = (i * 13) % 29;
  for (int r = 0; r < srows; ++r)
    done[r] = r % 5 == 2;
  double *sxs = sx.data(), *souts = sout.data(), *check_data = checks.data();
  int *done_data = done.data();
  const int count = n * c_count * hw;
  const int stencil_length = 40 * kBlock; // within x's count elements
  std::vector<int> stencil(stencil_length, -1);
  int *stencil_data = stencil.data();
#pragma omp target data map(to: xs[0:count], ins[0:rows * cols], \
                            biases[0:cols]) \
    map(tofrom: outs[0:rows * cols], product_data[0:planes * prows], \
        bit_data[0:planes * prows], total_data[0:per_group], \
        souts[0:srows * scols], check_data[0:srows], \
        stencil_data[0:stencil_length]) \
    map(to: sxs[0:srows * scols], done_data[0:srows]) \
    map(from: sums[0:c_count], sumsqs[0:c_count], peak_data[0:rows], \
        above_data[0:rows])
  {
    channel_sums(n, c_count, hw, xs, sums, sumsqs);
    layer_norm(outs, ins, biases, rows, cols, 128);
    layer_norm(outs, ins, biases, rows, cols, 64);
    row_peaks(xs, peak_data, above_data, rows, cols);
    block_products(xs, product_data, bit_data, planes, prows, pcols);
    group_sums(xs, total_data, groups, per_group, len);
    softmax_rows(sxs, done_data, souts, check_data, srows, scols);
    block_stencil(xs, stencil_data, stencil_length);
  }
  long s = 0;
  for (int c = 0; c < c_count; ++c)
    s += sum[c] * 3L + sumsq[c];
  double norm = 0;
  for (double v : out)
    norm += v * v;
  long p = 0;
  for (int r = 0; r < rows; ++r)
    p += peaks[r] * 1000L + above[r];
  long q = 0;
  for (int i = 0; i < planes * prows; ++i)
    q = q * 7 + products[i] + bits[i];
  long st = 0;
  for (int i = 0; i < stencil_length; ++i)
    st = st * 3 % 1000003 + stencil[i];
  double soft = 0, checked = 0;
  for (double v : sout)
    soft += v;
  for (double v : checks)
    checked += v;
  std::printf("sums=%ld norm=%.6f out[77]=%.6f peaks=%ld products=%ld "
              "totals=%d,%d,%d,%d softmax=%.9f checks=%.1f stencil=%ld\n",
              s, norm, out[77], p, q, totals[0], totals[1], totals[2],
              totals[3], soft, checked, st);
}
