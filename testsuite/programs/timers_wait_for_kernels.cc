// A timer around kernels measures their work, as a timer around OpenMP
// target regions (which return when done) or around CUDA kernels and a
// synchronize does.  Direct launches return once queued, so a wall clock
// read first waits for those still running (hooks/clock_hooks.cc): the
// time between two reads around five launches, with nothing else reading
// their buffers, is most of the time the same five take with ferry::wait()
// before the second read; likewise for an unchanged OpenMP region timed by
// omp_get_wtime, and for gettimeofday.  On the GPU before, the first
// measured the launches' submission, a hundredth of the second.  Each
// thread's chain of operations is made long enough for one launch to take
// 2 ms wherever it runs (the host's build: a few hundred operations; the
// GPU's: some hundred thousand), so that the output is the same.
#include <ferry/ferry.hpp>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <cstdio>
#include <sys/time.h>
#include <vector>

// libgomp's, which the serial build (no -fopenmp) does not link.
extern "C" double omp_get_wtime() __attribute__((weak));

[[ferry::kernel]] void churn(int n, int rounds,
                             [[ferry::borrow_mut(n)]] double *y) {
  for (int i = 0; i < n; ++i) {
    double v = y[i];
    for (int r = 0; r < rounds; ++r)
      v = v * 0.999 + 0.001 * (r & 7);
    y[i] = v;
  }
}

void region(int n, int rounds, double *y) {
#pragma omp target teams distribute parallel for map(tofrom : y[0 : n])
  for (int i = 0; i < n; ++i) {
    double v = y[i];
    for (int r = 0; r < rounds; ++r)
      v = v * 0.999 + 0.001 * (r & 7);
    y[i] = v;
  }
}

namespace {

constexpr int kN = 4096, kLaunches = 5;
int rounds = 64;

double steady_seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double openmp_seconds() {
  return omp_get_wtime ? omp_get_wtime() : steady_seconds();
}

double timeofday_seconds() {
  timeval now;
  gettimeofday(&now, nullptr);
  return now.tv_sec + now.tv_usec * 1e-6;
}

// Seconds of five launches of LAUNCH between two reads of CLOCK, with
// ferry::wait() before the second read if WAIT.
template <class Clock, class Launch>
double timed(Clock clock, Launch launch, bool wait) {
  const double start = clock();
  for (int k = 0; k < kLaunches; ++k)
    launch();
  if (wait)
    ferry::wait();
  return clock() - start;
}

// Whether the timer without a wait saw at least a quarter of the work the
// timer with one saw (the host's build: about all of it, both ways; a GPU
// that did not wait: a hundredth), the median of five rounds: the first
// round on a GPU may include a launch graph's instantiation, which no
// wait hides, and a loaded host may slow any round (with three, a CI run
// on a loaded 2-core machine once slowed two of gettimeofday's).
template <class Clock, class Launch>
void check(const char *what, Clock clock, Launch launch) {
  double ratios[5];
  for (double &ratio : ratios) {
    const double plain = timed(clock, launch, false);
    const double waited = timed(clock, launch, true);
    ratio = waited > 0 ? plain / waited : 1;
  }
  std::sort(std::begin(ratios), std::end(ratios));
  std::printf("%s: the timer %s the kernels' work\n", what,
              ratios[2] >= 0.25 ? "covers" : "misses");
}

} // namespace

int main() {
  std::vector<double> y(kN, 1.0);
  auto kernel = [&] { churn(kN, rounds, y.data()); };
  auto openmp = [&] { region(kN, rounds, y.data()); };
  while (rounds < (1 << 24)) {
    const double start = steady_seconds();
    kernel();
    ferry::wait();
    if (steady_seconds() - start >= 2e-3)
      break;
    rounds *= 2;
  }
  check("steady_clock around kernels", steady_seconds, kernel);
  check("gettimeofday around kernels", timeofday_seconds, kernel);
  check("omp_get_wtime around a target region", openmp_seconds, openmp);
}
