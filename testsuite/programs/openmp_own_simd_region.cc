// A program's own `target teams distribute parallel for simd` region,
// without any ferry kernel, whose loop calls a helper that keeps an array
// on its stack.  ferry-g++ compiles every region with ferry's per-lane
// stack reserve, which the GPU's default stack limit does not hold: the
// region stopped with an illegal memory access until libferry raised the
// limit before the program's first construct, as it does for its own
// kernels.  (The sim device and the host run such regions on the host.)
// Every run must give the serial build's answers.
#include <cstdio>
#include <vector>

#pragma omp declare target
__attribute__((noinline)) double smooth(const double *x, int i, int n) {
  double window[16];
  for (int k = 0; k < 16; ++k)
    window[k] = x[(i + k) % n] * (k + 1);
  double sum = 0;
  for (int k = 0; k < 16; ++k)
    sum += window[(k * 7) % 16];
  return sum / 136.0;
}
#pragma omp end declare target

int main() {
  const int n = 1 << 16;
  std::vector<double> x(n), y(n, 0.0);
  for (int i = 0; i < n; ++i)
    x[i] = (i % 97) * 0.5;
  double *xp = x.data(), *yp = y.data();
#pragma omp target teams distribute parallel for simd map(to: xp[0:n]) map(from: yp[0:n])
  for (int i = 0; i < n; ++i)
    yp[i] = smooth(xp, i, n);
  double total = 0;
  for (double v : y)
    total += v;
  std::printf("%.6f %.6f\n", total, y[n - 1]);
}
