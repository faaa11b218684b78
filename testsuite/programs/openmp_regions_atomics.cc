// A program's target loops that share elements through `#pragma omp
// atomic` run as ferry kernels, the atomic kept: a scatter-add over a
// collapsed nest (HeCBench's scatterAdd), a sum into one element through a
// pointer (rfs), a histogram's increments, an atomic write of a flag
// under a condition, and a histogram into a section a caller's data region
// maps.  The element each atomic updates is read and written for the
// copies: the buffers come back.  They must print what the g++ build
// prints.  On the sim device: 2 steps of the first four and the fifth
// once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=9" }
#include <cstdio>
#include <vector>

static void scatter_add(const int *idx, const float *src, float *out,
                        int batch, int dim) {
#pragma omp target teams distribute parallel for collapse(2) map(to: idx[0:batch], src[0:batch * dim]) map(tofrom: out[0:8 * dim])
  for (int d = 0; d < dim; d++)
    for (int i = 0; i < batch; i++) {
#pragma omp atomic update
      out[idx[i] * dim + d] += src[i * dim + d];
    }
}

static void sum_into(const float *x, float *r, int n) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: r[0:1])
  for (int i = 0; i < n; i++) {
    float q = x[i] * 2;
#pragma omp atomic update
    *r += q;
  }
}

static void histogram(const int *v, long *bins, int n) {
#pragma omp target teams distribute parallel for map(to: v[0:n]) map(tofrom: bins[0:16])
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    bins[v[i] % 16]++;
  }
}

static void flag_large(const float *x, int *flag, int n, float limit) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: flag[0:1])
  for (int i = 0; i < n; i++)
    if (x[i] > limit) {
#pragma omp atomic write
      flag[0] = 1;
    }
}

// Called inside the caller's data region: `counts` is present already.
static void count_into(const int *v, int *counts, int n) {
#pragma omp target teams distribute parallel for map(to: v[0:n])
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    counts[v[i] % 4] += 2;
  }
}

int main() {
  const int batch = 1000, dim = 8, n = 4096;
  std::vector<int> idx(batch), v(n);
  std::vector<float> src(batch * dim), out(8 * dim, 0.f), x(n);
  std::vector<long> bins(16, 0);
  for (int i = 0; i < batch; i++)
    idx[i] = (i * 5) % 8;
  for (int i = 0; i < batch * dim; i++)
    src[i] = (i % 4) * 0.5f;
  for (int i = 0; i < n; i++) {
    x[i] = (i % 8) * 0.25f;
    v[i] = i * 7;
  }
  float r = 1;
  int flags[2] = {0, 0};
  for (int step = 0; step < 2; ++step) {
    scatter_add(idx.data(), src.data(), out.data(), batch, dim);
    sum_into(x.data(), &r, n);
    histogram(v.data(), bins.data(), n);
    flag_large(x.data(), &flags[step], n, step == 0 ? 1.5f : 5.f);
    x[step] += 1; // the host between the launches
  }
  int counts[4] = {1, 1, 1, 1};
#pragma omp target data map(tofrom: counts[0:4])
  count_into(v.data(), counts, n);
  double so = 0;
  long sb = 0;
  for (int i = 0; i < 8 * dim; i++)
    so += out[i] * (i % 5 + 1);
  for (int i = 0; i < 16; i++)
    sb += bins[i] * (i + 1);
  std::printf("out %.6g r %.6g bins %ld flags %d %d counts %d %d %d %d\n", so,
              r, sb, flags[0], flags[1], counts[0], counts[1], counts[2],
              counts[3]);
}
