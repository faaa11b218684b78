// Array sections that start past the pointer, at a run-time offset, as
// chunked and halo codes map them: `map(to: y[off:n]) map(from:
// z[off:n])` on the region, and a `target data` that maps `w[lo:len]`
// around regions that use `w` without a map.  ferry reads the sections
// (the front end wraps their bounds in SAVE_EXPRs, evaluated once where
// GCC first meets them: the call site evaluates its own copies), checks
// that the loop writes each `from` section whole from its start, and runs
// the loops as kernels; the elements before a section come back as they
// were.  On the sim device: 3 chunks of the first region, 2 regions in
// the data region.
// { ferry-stats "FERRY_DEVICE=sim" "launches=5" }
#include <cstdio>
#include <vector>

static void chunk(const double *y, double *z, int off, int n) {
#pragma omp target teams distribute parallel for map(to: y[off:n]) \
    map(from: z[off:n])
  for (int i = 0; i < n; ++i)
    z[off + i] = 2.0 * y[off + i] + off;
}

int main() {
  const int n = 3000;
  std::vector<double> ys(n), zs(n, -1.0), ws(n);
  for (int i = 0; i < n; ++i) {
    ys[i] = (i % 9) * 0.5;
    ws[i] = i % 5;
  }
  for (int off = 0; off < n; off += 1000)
    chunk(ys.data(), zs.data(), off, 1000);

  double *w = ws.data();
  int lo = 100, len = 2500;
#pragma omp target data map(tofrom: w[lo:len])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < len; ++i)
      w[lo + i] *= 3.0;
#pragma omp target teams distribute parallel for
    for (int i = 0; i < len; ++i)
      w[lo + i] += 1.0;
  }
  double z_sum = 0, w_sum = 0;
  for (int i = 0; i < n; ++i) {
    z_sum += zs[i];
    w_sum += ws[i];
  }
  std::printf("z[1234]=%g z[2999]=%g z_sum=%.12g\n", zs[1234], zs[2999],
              z_sum);
  std::printf("w[50]=%g w[100]=%g w[2599]=%g w[2600]=%g w_sum=%.12g\n", ws[50],
              ws[100], ws[2599], ws[2600], w_sum);
}
