// A region's min or max reduction written with fmin or fmax, or with the
// accumulator second, runs as a kernel: its reduction clause asks for
// OpenMP's order, in which a NaN has none (GCC's build gives it none
// either).  Before, ferry found no reduction in `dt = fmin(local, dt)`, called
// it a race on a shared variable, and left CloverLeaf's time step on GCC's
// path.  A kernel gives the serial build's answer, so there the fmin form
// is an error that says what to write (reduction_nan_order.cc).
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }
#include <algorithm>
#include <cmath>

double time_step(int n, const double *speed) {
  double dt = 1e300;
#pragma omp target teams distribute parallel for map(to: speed[0:n]) reduction(min : dt) // { dg-message "ferry runs this '#pragma omp target teams distribute parallel for' over 'i' \\('speed' read, map\\(to\\)\\) as a kernel of its own" }
  for (int i = 0; i < n; ++i)
    dt = fmin(1.0 / speed[i], dt);
  return dt;
}

float largest(int n, const float *x) {
  float m = -1e30f;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(max : m) // { dg-message "ferry runs this '#pragma omp target teams distribute parallel for' over 'i' \\('x' read, map\\(to\\)\\) as a kernel of its own" }
  for (int i = 0; i < n; ++i)
    m = std::max(x[i], m);
  return m;
}
