// One array under two names in one region, as OpenMP allows
// (`map(to: a[0:n]) map(from: b[0:n])` with b == a: an update in place),
// which a kernel's rule 6 refuses at the launch: that call runs as GCC
// compiled it, and the same loop on two arrays runs as a ferry kernel (4
// launches on sim of the 8 calls).  Every run gives the serial build's
// answers.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
#include <cstdio>
#include <vector>

static void twice(const double *a, double *b, int n) {
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; ++i)
    b[i] = 2 * a[i] + 1;
}

int main() {
  const int n = 2048;
  std::vector<double> xs(n), ys(n);
  for (int i = 0; i < n; ++i)
    xs[i] = i % 10;
  for (int step = 0; step < 4; ++step) {
    twice(xs.data(), ys.data(), n);  // two arrays: a ferry kernel
    twice(ys.data(), ys.data(), n);  // in place: GCC's path
  }
  std::printf("%g %g %g\n", ys[0], ys[7], ys[2047]);
}
