// A public function whose loop writes two sections and reads a third,
// calling sincosf, which strict ISO C++ leaves unrecognised as a builtin
// (a GNU extension of the C library, which the device's library has too).
// The call site tests that the written sections share no byte with the
// others before it launches; those tests are arms of `||` and `&&`, and a
// section's length first computed in an arm not taken left the next test
// reading an unset value: the loop took GCC's path (launches=0 on the sim
// device), and could have launched on overlapping sections (`angles`,
// without sincosf, shows that alone).  Every loop runs as a kernel, with
// the g++ build's answers; on a GPU `angles`' sinf and cosf are
// <ferry/device_maths.hpp>'s (within 2 ulp, as CUDA's), so the sums agree
// within the tolerance below (compare -fplugin-arg-ferry-library-maths).
// { dg-options "-std=c++17" }
// { ferry-tolerance 1e-6 }
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
#include <cmath>
#include <cstdio>
#include <vector>

void waves(int n, const float *x, float *s, float *c) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: s[0:n], c[0:n])
  for (int i = 0; i < n; ++i) {
    float sv, cv;
    sincosf(x[i], &sv, &cv);
    s[i] = sv;
    c[i] = cv;
  }
}

void angles(int n, const float *x, float *s, float *c) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: s[0:n], c[0:n])
  for (int i = 0; i < n; ++i) {
    s[i] = sinf(x[i]);
    c[i] = cosf(x[i]);
  }
}

void blend(int n, const float *s, const float *c, float *out, float w) {
#pragma omp target teams distribute parallel for map(to: s[0:n], c[0:n]) map(tofrom: out[0:n])
  for (int i = 0; i < n; ++i)
    out[i] = w * out[i] + s[i] * c[i];
}

int main() {
  const int n = 1000;
  std::vector<float> x(n), s(n), c(n), s2(n), c2(n), out(n, 1.0f);
  for (int i = 0; i < n; ++i)
    x[i] = 0.01f * i;
  waves(n, x.data(), s.data(), c.data());
  angles(n, x.data(), s2.data(), c2.data());
  for (int round = 0; round < 2; ++round)
    blend(n, s.data(), c.data(), out.data(), 0.5f);
  double t = 0, u = 0;
  for (int i = 0; i < n; ++i) {
    t += s[i] * (i % 3 + 1) + c[i] + s2[i] - 2 * c2[i];
    u += out[i] * (i % 5 + 1);
  }
  std::printf("%.5f %.5f\n", t, u);
}
