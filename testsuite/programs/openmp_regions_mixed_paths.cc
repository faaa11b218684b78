// Loops ferry runs as kernels next to loops and data directives that keep
// GCC's path, on the same arrays: a kernel's results must reach the
// regions GCC runs (whose maps copy from the host), the program's `target
// update`, and the host, and what those wrote must reach the next kernel.
// Every run gives the serial build's answers.  libgomp knows ferry's
// resident copies, so each section a construct on GCC's path maps leaves
// ferry's residency first (else, on a GPU, its `map(tofrom: z)` found z
// present and copied nothing back: z[9]=18): GCC's copies then touch no
// guarded page, which the sim device shows as faults=0 (17 before).
// { ferry-stats "FERRY_DEVICE=sim" "launches=6 faults=0" }
#include <cstdio>
#include <vector>

int main() {
  const int n = 5000;
  std::vector<double> xs(n), ys(n), zs(n);
  double *x = xs.data(), *y = ys.data(), *z = zs.data();
  for (int i = 0; i < n; ++i)
    x[i] = i % 17;
  for (int step = 0; step < 3; ++step) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n])
    for (int i = 0; i < n; ++i) // a ferry kernel
      y[i] = 2 * x[i] + step;
#pragma omp target teams distribute parallel for map(always, to: y[0:n]) map(tofrom: z[0:n])
    for (int i = 0; i < n; ++i) // GCC's path (the always modifier)
      z[i] += y[i];
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) map(to: z[0:n])
    for (int i = 0; i < n; ++i) // a ferry kernel again
      x[i] = 0.5 * x[i] + 0.001 * z[i];
    x[step] += 1; // the host in between
  }
  double s = 0;
#pragma omp target data map(tofrom: x[0:n])
  {
#pragma omp target teams distribute parallel for map(always, tofrom: s) reduction(+: s)
    for (int i = 0; i < n; ++i)
      s += x[i];
#pragma omp target update from(x[0:n])
  }
  std::printf("x[1]=%.12g x[700]=%.12g y[9]=%g z[9]=%g s=%.9g\n", x[1], x[700],
              y[9], z[9], s);
}
