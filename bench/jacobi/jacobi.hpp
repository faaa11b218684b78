// The 2-D Jacobi benchmark shared by its four versions (README.md here):
// grid size, step count, initial values, the checksum, and the timer.
#ifndef FERRY_BENCH_JACOBI_HPP
#define FERRY_BENCH_JACOBI_HPP

#include "../timer.hpp"

#include <cstdio>
#include <cstdlib>

namespace jacobi {

constexpr int kSteps = 100; // an even number: the result ends up in `a`

// JACOBI_N overrides the grid edge (default 4096: 128 MiB per grid).
inline int grid_edge() {
  const char *text = std::getenv("JACOBI_N");
  return text ? std::atoi(text) : 4096;
}

// A hot edge on one side, cold elsewhere.
inline void initialise(double *a, int n) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < n; ++j)
      a[i * n + j] = i == 0 ? 100.0 : 0.0;
}

inline double checksum(const double *a, int n) {
  double sum = 0;
  for (long k = 0; k < static_cast<long>(n) * n; ++k)
    sum += a[k] * ((k % 7) + 1);
  return sum;
}

using Timer = bench::Timer;

// One CSV line: version,n,steps,seconds,checksum.
inline void report(const char *version, int n, double seconds,
                   double sum) {
  std::printf("%s,%d,%d,%.6f,%.10e\n", version, n, kSteps, seconds, sum);
}

} // namespace jacobi

#endif
