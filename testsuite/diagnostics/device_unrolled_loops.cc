// Loops counted at run time that ask for copies of their body get them
// in the host's GIMPLE, before it is streamed to the offload compiler,
// which would leave them as they are (plugin/device_loops.h): the
// strided loop of a kernel's reduction and of a team loop's nested
// reduction, four copies each, and a user's `#pragma GCC unroll` in a
// kernel, in its direct entry and in its OpenMP region.  A strided loop
// that only stores keeps one copy (a load of one copy would not move
// above the store of the one before), and so does a reduction that loads
// nothing.
// { dg-options "-O2 -fdump-tree-all" }
// { dg-final { scan-tree-dump "__ferry_direct__Z14sum_of_squareslPKd_0: loop [0-9]+: 4 copies" "ferry-device-unroll" } }
// { dg-final { scan-tree-dump "__ferry_direct_team__Z8row_sumsiiPKfPf_0: loop [0-9]+: 4 copies" "ferry-device-unroll" } }
// { dg-final { scan-tree-dump "__ferry_direct__Z6powersliPKdPd_0: loop [0-9]+: 2 copies" "ferry-device-unroll" } }
// { dg-final { scan-tree-dump "_Z6powersliPKdPd\\._omp_fn\\.[0-9]+: loop [0-9]+: 2 copies" "ferry-device-unroll" } }
// { dg-final { scan-tree-dump-not "__ferry_direct__Z2pil[^:]*: loop" "ferry-device-unroll" } }
// { dg-final { scan-tree-dump-not "__ferry_direct__Z5scaleld[^:]*: loop" "ferry-device-unroll" } }
#include <ferry/ferry.hpp>

[[ferry::kernel]] double sum_of_squares(long n,
                                        [[ferry::borrow(n)]] const double *x) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

[[ferry::kernel]] void scale(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] *= 2.0;
}

[[ferry::kernel]] void powers(long n, int m, [[ferry::borrow(m)]] const double *w,
                              [[ferry::out(n)]] double *y) {
  for (long i = 0; i < n; ++i) {
    double p = 1.0;
#pragma GCC unroll 2
    for (int k = 0; k < m; ++k)
      p *= w[k];
    y[i] = p;
  }
}

// Nothing to load: the copies would gain nothing.
[[ferry::kernel]] double pi(long n) {
  double s = 0;
  for (long i = 0; i < n; ++i) {
    const double x = (i + 0.5) / n;
    s += 4.0 / (1.0 + x * x);
  }
  return s / n;
}

void row_sums(int rows, int columns, const float *x, float *sums) {
#pragma omp target teams distribute map(to: x[0:rows * columns]) map(from: sums[0:rows])
  for (int r = 0; r < rows; ++r) {
    float s = 0.0f;
#pragma omp parallel for reduction(+: s)
    for (int c = 0; c < columns; ++c)
      s += x[r * columns + c];
    sums[r] = s;
  }
}

int main() {
  double a[64] = {}, y[64];
  float x[64] = {}, sums[8];
  scale(64, a);
  double w[3] = {1.5, 1.5, 1.5};
  powers(64, 3, w, y);
  row_sums(8, 8, x, sums);
  return sum_of_squares(64, a) + y[0] + sums[0] + pi(100) >= 0 ? 0 : 1;
}
