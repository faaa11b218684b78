// Running one problem and reporting it, for every variant: the timer, the
// environment settings, the checksum and the CSV line
//   kernel,variant,n,reps,kernel_ms,total_ms,checksum
#ifndef FERRY_BENCH_SUITE_REPORT_HPP
#define FERRY_BENCH_SUITE_REPORT_HPP

#include "problems.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace suite {

class Timer {
public:
  double milliseconds() const {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - start_)
        .count();
  }

private:
  std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
};

inline Scale scale_from_environment() {
  Scale s;
  if (const char *text = std::getenv("BENCH_SCALE"))
    s.size = std::atof(text);
  if (const char *text = std::getenv("BENCH_REPS"))
    s.reps = std::atof(text);
  return s;
}

// Whether KERNEL was asked for (BENCH_ONLY, a comma-separated list of
// names such as Stream_ADD; unset: all).
inline bool selected(const char *kernel) {
  const char *only = std::getenv("BENCH_ONLY");
  if (!only || !*only)
    return true;
  const std::string list = std::string(",") + only + ",";
  return list.find(std::string(",") + kernel + ",") != std::string::npos;
}

// RAJAPerf's checksum of the checked arrays, plus the results the
// reductions returned.
inline long double checksum(const Problem &p, const Data &d,
                            long double results) {
  long double sum = results;
  for (int k : p.checked)
    sum += rajaperf_like::checksum(d.real[k]);
  return sum;
}

struct Timing {
  double kernel_ms = 0; // per repetition, data resident
  double total_ms = 0;  // transfers, the warm-up launch, reps, copy-back
};

inline void report(const char *kernel, const char *variant, const Problem &p,
                   const Timing &t, long double sum) {
  std::printf("%s,%s,%ld,%d,%.6f,%.3f,%.15Le\n", kernel, variant,
              static_cast<long>(p.size), p.reps, t.kernel_ms, t.total_ms, sum);
  std::fflush(stdout);
  std::fprintf(stderr, "bench: %-24s %-11s %10.4f ms per rep\n", kernel,
               variant, t.kernel_ms);
}

} // namespace suite

#endif
