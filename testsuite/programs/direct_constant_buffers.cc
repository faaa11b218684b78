// Borrowed buffers of a few numbers and a length known at compile time
// (a filter's coefficients, a stencil's weights) go to the GPU in the
// launch's parameters, through the entry's _constants twin, when that twin
// runs without a stack frame.  Each shape below must compute what its
// serial build computes: coefficients the host changes between launches,
// weights a kernel wrote on the device just before (so the host's copy
// is stale and libferry reads the device's), a table indexed by the data
// (which keeps the twin in memory: the plain entry runs), a nest, a
// reduction, a helper handed the coefficients, and floats and ints.  On
// the H200, FERRY_STATS=1 says which launches took the twin.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

constexpr long taps = 16;
constexpr int kWeights = 9;

[[ferry::kernel]] void fir(long n, [[ferry::borrow(taps)]] const double *coeff,
                           [[ferry::borrow(n + taps - 1)]] const double *in,
                           [[ferry::out(n)]] double *out) {
  for (long i = 0; i < n; ++i) {
    double sum = 0.0;
    for (long j = 0; j < taps; ++j)
      sum += coeff[j] * in[i + j];
    out[i] = sum;
  }
}

[[ferry::kernel]] void make_weights(float scale,
                                    [[ferry::out(kWeights)]] float *w) {
  for (int k = 0; k < kWeights; ++k)
    w[k] = scale * float(k - 4) * float(k - 4);
}

[[ferry::kernel]] void smooth(int ni, int nj,
                              [[ferry::borrow(kWeights)]] const float *w,
                              [[ferry::borrow(ni * nj)]] const float *a,
                              [[ferry::borrow_mut(ni * nj)]] float *b) {
  for (int i = 1; i < ni - 1; ++i)
    for (int j = 1; j < nj - 1; ++j) {
      float s = 0;
      for (int di = -1; di <= 1; ++di)
        for (int dj = -1; dj <= 1; ++dj)
          s += w[(di + 1) * 3 + dj + 1] * a[(i + di) * nj + j + dj];
      b[i * nj + j] = s;
    }
}

[[ferry::kernel]] void classify(long n, [[ferry::borrow(4)]] const int *table,
                                [[ferry::borrow(n)]] const int *v,
                                [[ferry::out(n)]] int *c) {
  for (long i = 0; i < n; ++i)
    c[i] = table[v[i] & 3] + int(i % 3);
}

[[ferry::kernel]] double weighted(long n, [[ferry::borrow(3)]] const double *k,
                                  [[ferry::borrow(n)]] const double *x) {
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += k[i % 3] * x[i] + k[0];
  return sum;
}

inline double polynomial(const double *p, double x) {
  return p[0] + x * (p[1] + x * (p[2] + x * p[3]));
}

[[ferry::kernel]] void evaluate(long n, [[ferry::borrow(4)]] const double *p,
                                [[ferry::borrow(n)]] const double *x,
                                [[ferry::out(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = polynomial(p, x[i]);
}

int main() {
  const long n = 5000;
  std::vector<double> coeff(taps), in(n + taps - 1), out(n);
  for (long i = 0; i < n + taps - 1; ++i)
    in[i] = (i % 17) * 0.25 - 1.0;
  double check = 0;
  for (int round = 0; round < 3; ++round) {
    for (long j = 0; j < taps; ++j) // the host changes them every round
      coeff[j] = (j % 5 == 0 ? 3.0 : -1.0) * (round + 1) + 0.01 * j;
    fir(n, coeff.data(), in.data(), out.data());
    check += out[0] + out[n / 2] + out[n - 1];
  }
  std::printf("fir: %.9f\n", check);

  const int ni = 60, nj = 70;
  std::vector<float> w(kWeights), a(ni * nj), b(ni * nj, 0.0f);
  for (int k = 0; k < ni * nj; ++k)
    a[k] = float(k % 23) * 0.5f;
  float total = 0;
  for (int round = 0; round < 2; ++round) {
    make_weights(0.1f * (round + 1), w.data()); // newer on the device
    smooth(ni, nj, w.data(), a.data(), b.data());
    for (float v : b)
      total += v;
  }
  std::printf("smooth: %.3f w[0] = %.3f\n", total, w[0]);

  std::vector<int> table{10, 20, 30, 40}, v(n), c(n);
  for (long i = 0; i < n; ++i)
    v[i] = int(i * 7 % 11);
  classify(n, table.data(), v.data(), c.data());
  long classes = 0;
  for (int x : c)
    classes += x;
  std::printf("classify: %ld\n", classes);

  std::vector<double> k3{0.5, -0.25, 2.0}, x(n), y(n);
  for (long i = 0; i < n; ++i)
    x[i] = 1.0 / (1 + i % 9);
  std::printf("weighted: %.9f\n", weighted(n, k3.data(), x.data()));
  k3[1] = 4.0;
  std::printf("weighted again: %.9f\n", weighted(n, k3.data(), x.data()));

  std::vector<double> p{1.0, -0.5, 0.25, 0.125};
  evaluate(n, p.data(), x.data(), y.data());
  std::printf("evaluate: %.9f %.9f\n", y[0], y[n - 1]);
  return 0;
}
