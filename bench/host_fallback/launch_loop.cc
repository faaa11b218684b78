// SPDX-License-Identifier: GPL-3.0-or-later
// A launch loop: N launches of a kernel over 4,096 doubles, the host
// touching the buffer between them; prints the time per launch.  On the
// sim device it shows what libgomp's host fallback costs per launch
// (loaded.sh), on a GPU the launch path's cost with a host access each
// step.
//
//   launch_loop [N]   (default 2000)
#include <ferry/ferry.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]] void inc(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] += 1;
}

int main(int argc, char **argv) {
  const int launches = argc > 1 ? std::atoi(argv[1]) : 2000;
  std::vector<double> a(4096, 0.0);
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < launches; ++k) {
    inc(4096, a.data());
    a[k % 4096] += 0.0; // the host's access between launches
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  std::printf("%d launches: %.1f us each, a[0]=%.0f\n", launches,
              1e6 * seconds / launches, a[0]);
}
