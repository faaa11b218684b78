// The same launch again, on a residency table that nothing changed since
// it last changed nothing, takes its buffers from the resident policy's
// memory (runtime/residency/repeated_launches.h).  Whatever happens between
// two such launches that changes the table or a page must take the full
// path: the host writing an input, reading an output (through the plugin's
// syncs, and as faults from code built without it), writing through
// ferry::sync, a buffer freed and allocated again at the same
// address with other bytes, a shorter length, another thread's launch.
// Every answer must be the serial build's; the sim device must have
// taken launches from the memory.
// { ferry-exit 0 "ferry-repeated launches=[1-9][0-9]*" "FERRY_DEVICE=sim
// FERRY_STATS=1" } { ferry-plain-source "plain/coherence_random_plain.cc" }
#include <ferry/ferry.hpp>

#include "plain/coherence_random_plain.h"

#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

[[ferry::kernel]] void axpy(long n, double a,
                            [[ferry::borrow(n)]] const double *x,
                            [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * y[i] + x[i];
}

[[ferry::kernel]] void fill(long n, double value, [[ferry::out(n)]] double *z) {
  for (long i = 0; i < n; ++i)
    z[i] = value + static_cast<double>(i % 7);
}

static double sum(const double *v, long n) {
  double total = 0.0;
  for (long i = 0; i < n; ++i)
    total += v[i] * static_cast<double>(i % 13 + 1);
  return total;
}

int main() {
  const long n = 8192; // 64 KiB: whole pages, guarded
  std::vector<double> x(n, 1.0), y(n, 0.0), z(n, 0.0);
  plain_register(0, x.data());
  plain_register(1, y.data());
  double seen = 0.0;
  for (int step = 0; step < 60; ++step) {
    axpy(n, 0.5, x.data(), y.data());
    fill(n, step, z.data());
    if (step % 7 == 3)
      x[(step * 131) % n] += step;
    if (step % 11 == 5)
      seen += y[(step * 17) % n] + z[step];
    if (step % 9 == 4) // faults, unseen by the plugin
      plain_fill(0, step * 100, step * 100 + 700, step);
    if (step % 10 == 6)
      seen += plain_sum(1, step * 50, step * 50 + 300);
    if (step % 13 == 8) {
      ferry::sync(x.data(), n, ferry::access::overwrite);
      for (long i = 0; i < n; i += 3)
        x[i] = 0.25 * step;
    }
  }
  std::printf("loop: %.6f %.6f %.6f\n", sum(y.data(), n), sum(z.data(), n),
              seen);

  // Freed and allocated again: malloc gives the same address back, with
  // other bytes in it.
  for (int round = 0; round < 4; ++round) {
    auto *w = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (long i = 0; i < n; ++i)
      w[i] = round + 0.5 * static_cast<double>(i % 5);
    axpy(n, 1.0, w, y.data());
    axpy(n, 1.0, w, y.data());
    std::free(w);
  }
  std::printf("reallocated: %.6f\n", sum(y.data(), n));

  // Shorter, then whole again.
  for (int step = 0; step < 6; ++step)
    axpy(step % 2 ? n / 2 : n, 0.75, x.data(), y.data());
  std::printf("lengths: %.6f\n", sum(y.data(), n));

  // Another thread's launches on the same buffers between this thread's.
  for (int round = 0; round < 3; ++round) {
    axpy(n, 0.5, x.data(), y.data());
    std::thread other([&] { axpy(n, 2.0, z.data(), x.data()); });
    other.join();
    axpy(n, 0.5, x.data(), y.data());
  }
  std::printf("threads: %.6f %.6f\n", sum(y.data(), n), sum(x.data(), n));
  return 0;
}
