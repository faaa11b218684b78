// SPDX-License-Identifier: GPL-3.0-or-later
// A timer's SIGALRM handler reads a buffer every millisecond while 3,000
// launches update it (issue 49's "slow but right" case): the handler runs
// as each launch ends, and its read faults the buffer back.
#include <ferry/ferry.hpp>

#include <csignal>
#include <cstdio>
#include <sys/time.h>
#include <vector>

[[ferry::kernel]] void inc(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] += 1;
}

namespace {
double *watched;
volatile double seen;
void on_alarm(int) { seen = watched[7]; }
} // namespace

int main() {
  std::vector<double> a(1 << 16, 0.0);
  watched = a.data();
  struct sigaction action = {};
  action.sa_handler = on_alarm;
  action.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &action, nullptr);
  itimerval timer = {{0, 1000}, {0, 1000}};
  setitimer(ITIMER_REAL, &timer, nullptr);
  for (int k = 0; k < 3000; ++k)
    inc(1 << 16, a.data());
  itimerval off = {};
  setitimer(ITIMER_REAL, &off, nullptr);
  std::printf("%.1f %d\n", a[7], seen <= 3000.0);
}
