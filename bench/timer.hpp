// The wall-clock timer the benchmarks' versions share: seconds since it
// was made.
#ifndef FERRY_BENCH_TIMER_HPP
#define FERRY_BENCH_TIMER_HPP

#include <chrono>

namespace bench {

class Timer {
public:
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start_)
        .count();
  }

private:
  std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
};

} // namespace bench

#endif
