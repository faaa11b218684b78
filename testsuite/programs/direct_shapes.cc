// The shapes the direct launch path must get right, against the serial
// build: reductions of every operation on double and int (one result each,
// many warps combining), a struct argument, a shared_mut update that is not
// a plain add, a 3-deep collapsed nest whose extents are not multiples of
// anything, exp over its whole range, and a kernel with two loops (the
// second with a lower bound other than 0).  On a
// GPU run with FERRY_LAUNCH=direct every loop takes the direct path; on the
// host and the sim device they are the OpenMP regions.
#include <ferry/ferry.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

struct Scale {
  double factor;
  int offset;
};

struct Results {
  double sum, product, low, high;
  long isum;
  int imin, imax, iand, ior, ixor;
};

[[ferry::kernel]] double reduce_all(long n, Scale s,
                                    [[ferry::borrow(n)]] const double *x,
                                    [[ferry::borrow(n)]] const int *k,
                                    [[ferry::borrow_mut(10)]] double *out) {
  double sum = 0, product = 1, low = 1e300, high = -1e300;
  long isum = 0;
  int imin = 1 << 30, imax = -(1 << 30), iand = -1, ior = 0, ixor = 0;
  for (long i = 0; i < n; ++i) {
    sum += s.factor * x[i];
    product *= 1.0 + x[i] * 1e-6;
    low = std::min(low, x[i]);
    high = std::max(high, x[i]);
    isum += k[i] + s.offset;
    imin = std::min(imin, k[i]);
    imax = std::max(imax, k[i]);
    iand &= k[i] | 0x100;
    ior |= k[i] & 0xff;
    ixor ^= k[i];
  }
  for (long i = 2; i < 10; ++i)
    out[i] = i;
  return sum + product + low + high + double(isum) + imin + imax + iand + ior +
         ixor;
}

[[ferry::kernel]] void scatter(long n, int bins,
                               [[ferry::borrow(n)]] const int *key,
                               [[ferry::shared_mut(bins)]] double *max_seen,
                               [[ferry::shared_mut(bins)]] unsigned *mask) {
  for (long i = 0; i < n; ++i) {
    max_seen[key[i]] *= 1.0000001;
    mask[key[i]] |= 1u << (i % 32);
  }
}

[[ferry::kernel]] void cube(int ni, int nj, int nk,
                            [[ferry::out(ni * nj * nk)]] double *c) {
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      for (int k = 0; k < nk; ++k)
        c[(i * nj + j) * nk + k] = i * 10000.0 + j * 100.0 + k;
}

[[ferry::kernel]] void exps(long n, [[ferry::borrow(n)]] const double *x,
                            [[ferry::out(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = std::exp(x[i]);
}

// How many doubles lie between A and B (both finite and not negative).
long long ulps_apart(double a, double b) {
  long long ia, ib;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? ia - ib : ib - ia;
}

int main() {
  const long n = 300007;
  std::vector<double> x(n), ex(n), y(n), out(10, -1.0);
  std::vector<int> k(n);
  for (long i = 0; i < n; ++i) {
    x[i] = std::sin(0.001 * i) * 100.0;
    k[i] = int((i * 7919) % 100003) - 50000;
    ex[i] = -745.0 + 1454.0 * double(i) / double(n);
  }
  const double r = reduce_all(n, Scale{0.5, 3}, x.data(), k.data(), out.data());
  std::printf("reductions %.10e out %g %g %g\n", r, out[1], out[2], out[9]);

  const int bins = 29;
  std::vector<double> max_seen(bins, 1.0);
  std::vector<unsigned> mask(bins, 0);
  std::vector<int> key(n);
  for (long i = 0; i < n; ++i)
    key[i] = int(i % bins);
  scatter(n, bins, key.data(), max_seen.data(), mask.data());
  for (int b = 0; b < bins; ++b)
    std::printf("bin %d %.6e %08x\n", b, max_seen[b], mask[b]);

  const int ni = 37, nj = 53, nk = 71;
  std::vector<double> c(ni * nj * nk);
  cube(ni, nj, nk, c.data());
  double cube_sum = 0;
  for (double v : c)
    cube_sum += v;
  std::printf("cube %.6f %.1f %.1f\n", cube_sum, c[0], c[ni * nj * nk - 1]);

  exps(n, ex.data(), y.data());
  // In units in the last place, which subnormal results (x below -708)
  // have few of: a relative error there says nothing.
  long long worst = 0;
  for (long i = 0; i < n; ++i)
    worst = std::max(worst, ulps_apart(y[i], std::exp(ex[i])));
  std::printf("exp within 2 ulp: %s\n", worst <= 2 ? "yes" : "no");
  if (std::getenv("DIRECT_SHAPES_ULPS"))
    std::fprintf(stderr, "exp: worst %lld ulp\n", worst);
}
