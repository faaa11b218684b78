// A time loop of two kernels over 1.5 KiB vectors, 2,000 steps: blocks
// under a page come from libferry's own allocator while pages are guarded
// (runtime/pages/small_blocks.h), so the two vectors, which share a page,
// stay resident with that page guarded, and come back once, when the host
// reads them at the end; with FERRY_SMALL_BLOCKS=0 (glibc's blocks, whose
// pages cannot be guarded) every kernel copies its result back.  A
// host-only vector allocated after the first launch, and written every
// step, never lands on the guarded page: it costs no fault (faults=1 is
// the final read's).
// { ferry-stats "FERRY_DEVICE=sim" "launches=4000 h2d_copies=2 d2h_copies=2
// faults=1" } { ferry-stats "FERRY_DEVICE=sim FERRY_SMALL_BLOCKS=0"
// "launches=4000 h2d_copies=2 d2h_copies=4000 faults=0" } { ferry-env
// "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]] void axpy(long n, double a,
                            [[ferry::borrow(n)]] const double *x,
                            [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] += a * x[i];
}

[[ferry::kernel]] void relax(long n, double a,
                             [[ferry::borrow_mut(n)]] double *x) {
  for (long i = 0; i < n; ++i)
    x[i] = a * x[i] + 1.0 / static_cast<double>(i + 1);
}

int main() {
  const long n = 192; // 1,536 bytes: two and a half vectors a page
  std::vector<double> x(n, 1.0), y(n, 2.0);
  axpy(n, 0.5, x.data(), y.data());
  relax(n, 0.9, x.data());
  std::vector<double> host_only(n, 0.0);
  for (int step = 1; step < 2000; ++step) {
    axpy(n, 0.001, x.data(), y.data());
    relax(n, 0.999, x.data());
    host_only[step % n] += 1.0;
  }
  double sum_x = 0, sum_y = 0, sum_host = 0;
  for (long i = 0; i < n; ++i) {
    sum_x += x[i];
    sum_y += y[i];
    sum_host += host_only[i];
  }
  std::printf("x %.12e y %.12e host %.1f\n", sum_x, sum_y, sum_host);
}
