// expf, logf, sinf, cosf, atanf, powf, exp, log, sin, cos, atan and pow
// in kernels, in a helper and in the program's own target loop: on a GPU
// the direct entries compute them with <ferry/device_maths.hpp> (within 2
// ulp, as CUDA's), elsewhere the C library does, so the answers agree
// within a few ulp: the tolerance below is 16 single-precision ulp, for
// the helper's sum of terms near 1 whose value is 0.07.  Arguments cover
// each function's range, both reductions of sinf, cosf, sin and cos (by
// pi/2 in three parts, and by 2/pi's bits beyond 105,615 and 2^30: 2e9,
// 1e22, -3e200 and 1e300 in double), atan's breakpoints, powers of
// negative bases (odd, even and not integers) and powers that overflow
// or underflow, subnormal results of expf and logf of subnormals (3e30
// once lost the library's sinf on the GPU: GCC made the sinf and cosf of
// the large arguments' path one sincos, which the entry's code then
// lacked); the C library's values at the edges (infinities, NaNs, zeros,
// negative logarithms) are printed as such.
// { ferry-tolerance 2e-6 }
#include <ferry/ferry.hpp>

#include "print_values.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

// A helper, which the host runs too: the library's functions there,
// <ferry/device_maths.hpp>'s on the GPU.
__attribute__((noinline)) float wave(float x) {
  return sinf(x) * expf(-0.01f * x * x) + logf(2.0f + cosf(x));
}

// A helper of the program's own region, in doubles.
double cooling(double t) {
  return sin(t) * 1e-3 + pow(1.0 + t * t, 0.25) + log(2.0 + t * t);
}

[[ferry::kernel]] void waves(int n, [[ferry::borrow(n)]] const float *x,
                             [[ferry::out(n)]] float *out) {
  for (int i = 0; i < n; ++i)
    out[i] = wave(x[i]);
}

[[ferry::kernel]] void singles(int n, [[ferry::borrow(n)]] const float *x,
                               [[ferry::out(7 * n)]] float *out) {
  for (int i = 0; i < n; ++i) {
    out[7 * i] = expf(x[i]);
    out[7 * i + 1] = std::log(x[i]);
    out[7 * i + 2] = sinf(x[i]);
    out[7 * i + 3] = std::cos(x[i]);
    out[7 * i + 4] = std::atan(x[i]);
    out[7 * i + 5] = powf(x[i], 2.5f);
    out[7 * i + 6] = std::pow(-1.5f, x[i]);
  }
}

[[ferry::kernel]] void doubles(int n, [[ferry::borrow(n)]] const double *x,
                               [[ferry::out(7 * n)]] double *out) {
  for (int i = 0; i < n; ++i) {
    out[7 * i] = exp(x[i]);
    out[7 * i + 1] = sin(x[i]);
    out[7 * i + 2] = std::cos(x[i]);
    out[7 * i + 3] = atan(x[i]);
    out[7 * i + 4] = log(x[i]);
    out[7 * i + 5] = pow(x[i], 1.5);
    out[7 * i + 6] = std::pow(-2.0, x[i]);
  }
}

int main() {
  std::vector<float> x = {0.0f, -0.0f, 1e-30f, -1e-40f, 0.5f, 1.0f, 2.0f,
                          -3.75f, 10.5f, 88.7f, 89.0f, -100.0f, -104.0f,
                          1e5f, -105615.0f, 2e5f, 3e30f, 1e-42f};
  for (int i = 0; i < 40; ++i)
    x.push_back(-60.0f + 3.1f * i);
  const int n = int(x.size());
  std::vector<float> out(7 * n);
  singles(n, x.data(), out.data());
  print("single", out);
  std::vector<float> waved(n);
  waves(n, x.data(), waved.data());
  print("wave", waved);

  std::vector<double> xd = {0.0, -0.0, -1.0, 1.5, 700.0, 710.0, -740.0,
                            -746.0, 1e-9, 1e9, -2e9, 1e300, 1e22, -3e200,
                            0.4375, 0.6875, 1.1875, -2.4375, 1e20};
  for (int i = 0; i < 40; ++i)
    xd.push_back(-70.0 + 3.7 * i);
  std::vector<double> outd(7 * xd.size());
  doubles(int(xd.size()), xd.data(), outd.data());
  print("double", outd);

  // The program's own loop, which ferry runs as a kernel of its own.
  const float *px = x.data();
  std::vector<float> region(2 * n);
  float *pr = region.data();
#pragma omp target teams distribute parallel for map(to: px[0:n]) map(from: pr[0:2 * n])
  for (int i = 0; i < n; ++i) {
    pr[2 * i] = expf(px[i] * 0.5f) + logf(1.0f + px[i] * px[i]);
    pr[2 * i + 1] = sinf(px[i]) * cosf(px[i]);
  }
  print("region", region);

  // Another, whose helper calls sin and pow of doubles: <ferry/device_maths.hpp>
  // computes them through templates, which the program's regions once
  // could not instantiate (HeCBench's cooling: "calls power_edge<double>,
  // which is not defined in this translation unit").
  const int nd = int(xd.size());
  const double *pxd = xd.data();
  std::vector<double> cooled(nd);
  double *pc = cooled.data();
#pragma omp target teams distribute parallel for map(to: pxd[0:nd]) map(from: pc[0:nd])
  for (int i = 0; i < nd; ++i)
    pc[i] = cooling(pxd[i]);
  print("cooling", cooled);
}
