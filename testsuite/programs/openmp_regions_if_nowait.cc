// The `if` and `nowait` clauses of the program's own target loops, on
// ferry's path.  `if(c)` is evaluated once, before anything else of the
// construct: true, the loop runs as a ferry kernel; false, the region runs
// as GCC compiled it, on the host.  `nowait` without `depend` lets the
// region be a deferred task: ferry's launch is one schedule OpenMP allows,
// and the host's reads after the `taskwait` see its writes.  On the sim
// device: 3 launches with if true, 2 nowait, 1 in a caller's data region;
// the 3 with if false run on the host, and the condition with a side
// effect counts 6 evaluations, one per construct (the serial build, none).
// { ferry-stats "FERRY_DEVICE=sim" "launches=6" }
#include <cstdio>
#include <vector>

static int evaluations = 0;
static bool large(int n) {
  ++evaluations;
  return n > 100;
}

static void scale(double *x, int n, double by) {
#pragma omp target teams distribute parallel for if(target: large(n)) \
    map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] *= by;
}

static void shift(double *x, int n, bool on_device) {
#pragma omp target teams distribute parallel for if(target: on_device)
  for (int i = 0; i < n; ++i)
    x[i] += 1.0;
}

int main() {
  const int n = 500;
  std::vector<double> a(n), small(50);
  for (int i = 0; i < n; ++i)
    a[i] = i * 0.5;
  for (int i = 0; i < 50; ++i)
    small[i] = i;
  for (int step = 0; step < 3; ++step) {
    scale(a.data(), n, 1.25);       // on the device
    scale(small.data(), 50, 2.0);   // on the host
  }

  double *x = a.data();
#pragma omp target data map(tofrom: x[0:n])
  {
    shift(x, n, true);
  }
  std::vector<double> b(n, 1.0), c(n);
  double *pb = b.data(), *pc = c.data();
#pragma omp target teams distribute parallel for nowait \
    map(to: pb[0:n]) map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] += pb[i];
#pragma omp target teams distribute parallel for nowait \
    map(to: pb[0:n]) map(from: pc[0:n])
  for (int i = 0; i < n; ++i)
    pc[i] = 3.0 * pb[i];
#pragma omp taskwait

  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += a[i] + c[i];
  std::printf("a[7]=%.12g small[7]=%.12g c[9]=%g sum=%.12g\n", a[7],
              small[7], c[9], sum);
  // Once per construct; the serial build, without OpenMP, never.
  if (evaluations != 6 && evaluations != 0) {
    std::printf("the if clause was evaluated %d times\n", evaluations);
    return 1;
  }
}
