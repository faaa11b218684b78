// What the residency benchmark's programs share (README.md here): sizes,
// initial values, the host work between launches, the checksum, the timer
// and the CSV line.  Nothing here knows about ferry, OpenMP or CUDA.
#ifndef FERRY_BENCH_RESIDENCY_HPP
#define FERRY_BENCH_RESIDENCY_HPP

#include "../timer.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace residency {

// RESIDENCY_N elements per array (default 2^22: 32 MiB of doubles),
// RESIDENCY_STEPS launches (default 100), host output every
// RESIDENCY_EVERY steps (default 10).
struct Size {
  long n;
  int steps;
  int every;
};

inline long from_environment(const char *name, long fallback) {
  const char *text = std::getenv(name);
  return text ? std::atol(text) : fallback;
}

inline Size size() {
  return Size{from_environment("RESIDENCY_N", 1L << 22),
              static_cast<int>(from_environment("RESIDENCY_STEPS", 100)),
              static_cast<int>(from_environment("RESIDENCY_EVERY", 10))};
}

// A boundary row: one 4 KiB page of doubles.
constexpr long kRow = 512;

inline void initialise(double *a, long n) {
  for (long i = 0; i < n; ++i)
    a[i] = (i % 17) * 0.25;
}

inline double checksum(const double *a, long n) {
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += a[i] * ((i % 7) + 1);
  return sum;
}

// Ordinary host work on arrays no kernel uses.
inline void host_work(std::vector<double> &p, const std::vector<double> &q) {
  for (std::size_t i = 0; i < p.size(); ++i)
    p[i] = 0.5 * p[i] + q[i];
}

using Timer = bench::Timer;

// One CSV line: program,version,n,steps,seconds,checksum.  The ferry
// builds are the naive version under FERRY_RESIDENCY=0.
inline void report(const char *program, const char *version, Size s,
                   double seconds, double sum) {
  const char *residency = std::getenv("FERRY_RESIDENCY");
  if (residency && residency[0] == '0' && version[0] == 'f')
    version = "naive";
  std::printf("%s,%s,%ld,%d,%.6f,%.10e\n", program, version, s.n, s.steps,
              seconds, sum);
}

} // namespace residency

#endif
