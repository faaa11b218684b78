// The program's own loops calling function templates of the program whose
// instances the front end has not made yet where the loop is read
// (HeCBench's s3d divides through `DIV(x, y)` in every loop).  An instance
// whose arguments are numbers, and whose template calls nothing it looks
// up at instantiation, means the same wherever it is made: ferry makes it
// and runs the loop as a kernel.  One whose argument is a class is not
// made early (diagnostics/openmp_region_late_templates: its call would not
// find a function declared after the loop): its loop waits for the end of
// the file, where the front end makes it, and runs as a kernel then.  On
// the sim device: scale and mix launch twice each, wrapped once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=5" }
#include <cstdio>
#include <vector>

template <class T1, class T2> inline T1 DIV(T1 x, T2 y) {
  return x * (1.0f / y);
}

template <class T, int Scale> inline T weigh(T v) { return Scale * v + 1; }

struct Wrapped {
  float v;
};

template <class T> inline float unwrap(T t) { return t.v * 2; }

static void scale(int n, const float *x, float *y, float by) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = DIV(x[i], by);
}

static void mix(int n, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = weigh<float, 3>(x[i]) + DIV(y[i], 2.0);
}

static void wrapped(int n, const Wrapped w, float *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += unwrap(w);
}

int main() {
  const int n = 2000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = 0.5f * (i % 17);
  for (int round = 1; round <= 2; ++round) {
    scale(n, x.data(), y.data(), 4.0f * round);
    mix(n, x.data(), y.data());
  }
  wrapped(n, Wrapped{1.5f}, y.data());
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += y[i] * (i % 3 + 1);
  std::printf("%.6f\n", sum);
}
