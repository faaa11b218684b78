// A program's own OpenMP target loops, unchanged, run as ferry kernels
// (plugin/region_lowering.cc): a time loop of combined constructs with
// maps, reductions (+ and max), collapse, a private clause, a `target`
// around `teams distribute parallel for`, `target teams loop`, and loops
// inside `target data` and between `target enter data` and `target exit
// data` whose sections are present.  Every run gives the serial build's
// answers, and on the sim device every region is a ferry launch.
// { ferry-stats "FERRY_DEVICE=sim" "launches=47" }
#include <algorithm>
#include <cstdio>
#include <vector>

static void relax(double *u, double *v, int n, int steps) {
  for (int step = 0; step < steps; ++step) {
#pragma omp target teams distribute parallel for map(to: u[0:n]) map(from: v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] = i == 0 || i == n - 1 ? u[i] : 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
#pragma omp target parallel for map(to: v[0:n]) map(tofrom: u[0:n])
    for (int i = 0; i < n; ++i)
      u[i] = v[i];
  }
}

int main() {
  const int n = 4096, rows = 48, cols = 40;
  std::vector<double> us(n), vs(n);
  double *u = us.data(), *v = vs.data();
  for (int i = 0; i < n; ++i)
    u[i] = (i % 37) * 0.25;
  relax(u, v, n, 10); // 20 launches

  double sum = 0, peak = -1e300;
#pragma omp target teams distribute parallel for map(to: u[0:n]) reduction(+: sum) reduction(max: peak)
  for (int i = 0; i < n; ++i) {
    sum += u[i];
    peak = std::max(peak, u[i]);
  }

  std::vector<float> grid(rows * cols);
  float *g = grid.data();
  float scale = 0.5f, t;
#pragma omp target teams distribute parallel for collapse(2) map(from: g[0:rows*cols]) private(t)
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      t = scale * r;
      g[r * cols + c] = t + c;
    }

  long total = 0;
#pragma omp target map(to: g[0:rows*cols]) map(tofrom: total)
#pragma omp teams distribute parallel for reduction(+: total)
  for (int k = 0; k < rows * cols; ++k)
    total += (long)g[k];

  std::vector<int> counts(n, 1);
  int *cnt = counts.data();
#pragma omp target data map(tofrom: cnt[0:n])
  {
    for (int step = 0; step < 12; ++step) { // 12 launches on present data
#pragma omp target teams loop
      for (int i = n - 1; i >= 0; --i)
        cnt[i] += i % 3;
    }
  }

  double *w = new double[n];
#pragma omp target enter data map(alloc: w[0:n])
  for (int step = 0; step < 12; ++step) { // 12 launches
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i)
      w[i] = step == 0 ? i : w[i] + 1.0;
  }
#pragma omp target exit data map(from: w[0:n])

  std::printf("u[100]=%.12g u[2000]=%.12g\n", u[100], u[2000]);
  std::printf("sum=%.9g peak=%.12g\n", sum, peak);
  std::printf("g[%d]=%g total=%ld\n", 3 * cols + 7, g[3 * cols + 7], total);
  std::printf("cnt[5]=%d cnt[4095]=%d w[17]=%g\n", cnt[5], cnt[4095], w[17]);
  delete[] w;
}
