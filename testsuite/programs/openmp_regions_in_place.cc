// One array under two names in one region (`twice(ys, ys)`), through
// pointers a data region of the caller mapped: OpenMP finds both in the
// same section and the update runs in place.  A kernel's rule 6 refuses
// that call at the launch, so it runs as GCC compiled it, and the same
// loop on two arrays runs as a ferry kernel (4 launches on sim of the 8
// calls).  The region names no section itself: two map clauses of one
// construct on the same storage are not a conforming program (OpenMP 4.5,
// 2.15.5.1), and on a GPU libgomp's copy back of such a pair is lost in
// GCC's own build.  Every run gives the serial build's answers.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
#include <cstdio>
#include <vector>

static void twice(const double *a, double *b, int n) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    b[i] = 2 * a[i] + 1;
}

int main() {
  const int n = 2048;
  std::vector<double> xs(n), ys(n);
  for (int i = 0; i < n; ++i)
    xs[i] = i % 10;
  double *x = xs.data(), *y = ys.data();
#pragma omp target data map(to: x[0:n]) map(tofrom: y[0:n])
  for (int step = 0; step < 4; ++step) {
    twice(x, y, n); // two arrays: a ferry kernel
    twice(y, y, n); // in place: GCC's path
  }
  std::printf("%g %g %g\n", ys[0], ys[7], ys[2047]);
}
