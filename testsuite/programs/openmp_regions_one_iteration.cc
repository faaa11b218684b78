// A number the program's loop writes, mapped `tofrom`, from the one
// iteration an `if` on the loop's variable picks: RSBench's
// `if (i == 0) offloaded_to_device = !omp_is_initial_device();`.  ferry
// maps it as a section of one element, sees that one iteration at most
// writes it, and runs the loop as a kernel that copies it back: the host
// reads what the iteration stored.  A flag that any iteration may set
// (`if (x[i] > limit) found = 1`) keeps the checks of a shared variable
// and GCC's path.  A number mapped `tofrom` and only read stays a number.
// On the sim device: four launches of first_of, where the kernel runs on
// the host and omp_is_initial_device() is 1 (as in GCC's host fallback).
// What it answers differs between the serial build, the host and a GPU:
// the program prints whether the iteration stored an answer at all.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
#include <cstdio>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

struct Scan {
  double first = 0;
  int found = 0;
  int on_device = -1;
};

static Scan first_of(int n, const double *x, double scale) {
  double first = -1;
  int on_device = -1;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: first, on_device, scale)
  for (int i = 0; i < n; ++i) {
    if (i == 0) {
      first = x[i] * scale;
#ifdef _OPENMP
      on_device = !omp_is_initial_device();
#else
      on_device = 0; // the serial build, on the host
#endif
    }
  }
  return Scan{first, 0, on_device};
}

static int any_above(int n, const double *x, double limit) {
  int found = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: found)
  for (int i = 0; i < n; ++i)
    if (x[i] > limit)
      found = 1;
  return found;
}

int main() {
  const int n = 5000;
  std::vector<double> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = 0.25 * (i % 13) + 1.0 / (i + 1);
  for (int round = 0; round < 4; ++round) {
    Scan s = first_of(n - 4, x.data() + round, round + 1.5);
    s.found = any_above(n, x.data(), 2.0 + round * 0.5);
    std::printf("%.6f %d %d\n", s.first, s.found, s.on_device >= 0);
  }
}
