// The program's own min and max reductions written with fmin and fmax
// (CloverLeaf's time step, `dt = fmin(local, dt)` under
// `reduction(min : dt)`), with <cmath>'s float overloads, and with the
// accumulator second in std::min: ferry runs each region as a kernel (a
// reduction clause asks for OpenMP's order, in which a NaN has none;
// diagnostics/explain_fmin_reductions.cc), on both launch paths.  The
// values have no NaN: the serial build's answers, every one printed.
#include <algorithm>
#include <cmath>
#include <cstdio>

double time_step(int rows, int cols, const double *speed, const double *size) {
  double dt = 1e300;
#pragma omp target teams distribute parallel for simd collapse(2) map(to: speed[0:rows * cols], size[0:cols]) reduction(min : dt)
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < cols; ++i) {
      const double local = size[i] / fmax(speed[j * cols + i], 1e-10);
      dt = fmin(local, dt);
    }
  return dt;
}

float largest(int n, const float *x) {
  float m = -1e30f;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(max : m)
  for (int i = 0; i < n; ++i)
    m = std::fmax(m, x[i] * 0.5f);
  return m;
}

float smallest(int n, const float *x) {
  float m = 1e30f;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(min : m)
  for (int i = 0; i < n; ++i)
    m = fminf(m, x[i] - 3.0f);
  return m;
}

double widest(int n, const double *x) {
  double m = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(max : m)
  for (int i = 0; i < n; ++i)
    m = std::max(std::fabs(x[i]), m);
  return m;
}

int main() {
  const int rows = 37, cols = 61, n = rows * cols;
  static double speed[n], size[cols];
  static float x[n];
  for (int k = 0; k < n; ++k) {
    speed[k] = 1.0 + (k * 7919 % 1009) * 0.013;
    x[k] = static_cast<float>((k * 104729 % 2003) - 1001) * 0.25f;
  }
  for (int i = 0; i < cols; ++i)
    size[i] = 0.5 + (i * 31 % 17) * 0.01;
  std::printf("%.17g\n", time_step(rows, cols, speed, size));
  std::printf("%.9g %.9g\n", largest(n, x), smallest(n, x));
  std::printf("%.17g\n", widest(n, speed));
}
