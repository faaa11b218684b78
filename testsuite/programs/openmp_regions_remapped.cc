// The same host arrays mapped again and again by the program's own data
// directives, each time at another device address (something else is
// mapped first, or the section is larger), with loops ferry runs as
// kernels on those sections in between: libferry keeps libgomp's answer
// for where a section lies only while the directives map nothing new, so
// every launch finds the copy of its own data region.  On the GPU a stale
// answer reads or writes a freed device copy; every run must print what
// the g++ build prints.  On the sim device: 4 rounds of scale and shift
// in data regions, 4 of them after `target enter data`.
// { ferry-stats "FERRY_DEVICE=sim" "launches=16" }
#include <cstdio>
#include <vector>

static void scale(int n, double *x, double by) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] *= by;
}

static void shift(int n, const double *x, double *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] = x[i] + i % 3;
}

int main() {
  const int n = 4096;
  std::vector<double> xs(n), ys(n), pad(8 * n, 1.0);
  double *x = xs.data(), *y = ys.data(), *p = pad.data();
  for (int i = 0; i < n; ++i)
    x[i] = i % 11;
  for (int round = 0; round < 4; ++round) {
    // Something else mapped first moves x's copy on every other round.
    const int padding = round % 2 ? 8 * n : 0;
#pragma omp target data map(to: p[0:padding])
#pragma omp target data map(tofrom: x[0:n]) map(from: y[0:n])
    {
      scale(n, x, 1.5);
      shift(n, x, y);
    }
    x[round] += y[round + 1]; // the host between the regions
  }
  for (int round = 0; round < 4; ++round) {
    const int length = round % 2 ? n : n / 2; // a section of another size
#pragma omp target enter data map(to: x[0:length], y[0:length])
    scale(length, x, 0.5);
    shift(length, x, y);
#pragma omp target exit data map(from: x[0:length], y[0:length])
    y[round] -= 1;
  }
  double sx = 0, sy = 0;
  for (int i = 0; i < n; ++i) {
    sx += x[i] * (i % 5 + 1);
    sy += y[i] * (i % 7 + 1);
  }
  std::printf("x %.12g y %.12g\n", sx, sy);
}
