// Square roots, fmax and fmin of the C library and of <cmath> in device
// code, which plugin/device_math.cc computes in place of newlib's calls:
// the same values for every argument, NaNs and infinities, negative
// numbers' square roots and signed zeros included, in a kernel (float,
// double), in a helper the kernel calls without inlining, and in the
// program's own target loop that ferry runs as a kernel.  Pairs of zeros
// of opposite signs are left out: C lets fmax return either, and glibc and
// newlib differ.
// { ferry-stats "FERRY_DEVICE=sim" "launches=3" }
#include <ferry/ferry.hpp>

#include "print_values.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <math.h>
#include <vector>

__attribute__((noinline)) float hypotenuse(float x, float y) {
  return sqrtf(x * x + y * y);
}

[[ferry::kernel]] void single(int n, [[ferry::borrow(n)]] const float *x,
                              [[ferry::borrow(n)]] const float *y,
                              [[ferry::out(4 * n)]] float *out) {
  for (int i = 0; i < n; ++i) {
    out[4 * i] = fmaxf(x[i], y[i]);
    out[4 * i + 1] = std::fmin(x[i], y[i]);
    out[4 * i + 2] = sqrtf(x[i]);
    out[4 * i + 3] = hypotenuse(x[i], 2.0f);
  }
}

[[ferry::kernel]] void twice(int n, [[ferry::borrow(n)]] const double *x,
                             [[ferry::borrow(n)]] const double *y,
                             [[ferry::out(3 * n)]] double *out) {
  for (int i = 0; i < n; ++i) {
    out[3 * i] = std::fmax(x[i], y[i]);
    out[3 * i + 1] = fmin(x[i], y[i]);
    out[3 * i + 2] = std::sqrt(x[i]);
  }
}

int main() {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> x = {0.0f, -0.0f, 1.5f,  -2.25f, inf,  -inf, nan,
                                nan,  3e38f, 1e-40f, 7.0f, -0.0f, 0.0f, 9.0f};
  const std::vector<float> y = {1.0f, -1.0f, nan,  -3.0f, 2.0f, nan,  -5.0f,
                                nan,  -inf, 1e-41f, 7.0f, 2.0f, -2.0f, inf};
  const int n = int(x.size());
  std::vector<float> out(4 * n);
  single(n, x.data(), y.data(), out.data());
  print("single", out);

  std::vector<double> xd(x.begin(), x.end()), yd(y.begin(), y.end());
  xd.push_back(1e300);
  yd.push_back(-1e-310);
  std::vector<double> outd(3 * xd.size());
  twice(int(xd.size()), xd.data(), yd.data(), outd.data());
  print("double", outd);

  // The program's own loop, which ferry runs as a kernel of its own.
  const float *px = x.data(), *py = y.data();
  std::vector<float> region(3 * n);
  float *pr = region.data();
#pragma omp target teams distribute parallel for map(to: px[0:n], py[0:n]) map(from: pr[0:3 * n])
  for (int i = 0; i < n; ++i) {
    pr[3 * i] = fmaxf(px[i], py[i]);
    pr[3 * i + 1] = fminf(px[i], py[i]);
    pr[3 * i + 2] = sqrtf(px[i]) + hypotenuse(py[i], 1.0f);
  }
  print("region", region);
}
