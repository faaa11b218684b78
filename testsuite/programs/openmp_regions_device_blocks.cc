// Target loops on device memory the program allocated itself
// (omp_target_alloc) and names in is_device_ptr clauses, as PRK's
// nstream-alloc, RAJAPerf's base OpenMP target variants (`target
// is_device_ptr(...) device(did)` over `teams distribute parallel for`,
// the blocks filled by omp_target_memcpy) and OpenMP_VV's is_device_ptr
// tests do: each runs as a
// ferry kernel on the block itself, whose end is the loop's length (a
// pointer into a block reaches the rest of it: `a + n / 2`); nothing is
// copied for the blocks, and only `x` and `y`, which the loops map, move.
// On the OpenMP launch path ferry's region finds each block present
// (libferry associates it with itself), while the program still sees it
// as not present, as in GCC's build; a serial region of GCC's own then
// reads a block ferry's kernels wrote, and omp_target_memcpy copies one
// back.  Every run gives the serial build's answers, where the blocks
// are the host's (without OpenMP: no _OPENMP).
// { ferry-stats "FERRY_DEVICE=sim" "launches=13" }
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_default_device() { return 0; }
static int omp_get_initial_device() { return 0; }
static void *omp_target_alloc(std::size_t bytes, int) {
  return std::malloc(bytes);
}
static void omp_target_free(void *block, int) { std::free(block); }
static int omp_target_memcpy(void *to, const void *from, std::size_t bytes,
                             std::size_t, std::size_t, int, int) {
  std::memcpy(to, from, bytes);
  return 0;
}
static int omp_target_is_present(const void *, int) { return 1; }
#endif

static void scale(const double *x, double *c, int n) {
#pragma omp target teams distribute parallel for is_device_ptr(c) map(to: x[0:n])
  for (int i = 0; i < n; ++i)
    c[i] = 2 * x[i] + 1;
}

static void shift(const double *c, double *y, int n) {
#pragma omp target teams distribute parallel for is_device_ptr(c) map(from: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = c[i] - 0.5;
}

static void triad(double *a, const double *b, const double *c, double s,
                  int n) {
#pragma omp target teams distribute parallel for is_device_ptr(a, b, c)
  for (int i = 0; i < n; ++i)
    a[i] += b[i] + s * c[i];
}

// Quadratic roots, as a benchmark suite's target variant writes them.
static void roots(const double *a, const double *b, const double *c,
                  double *x1, double *x2, long begin, long end) {
  const int did = omp_get_default_device();
#pragma omp target is_device_ptr(a, b, c, x1, x2) device(did)
#pragma omp teams distribute parallel for thread_limit(256) schedule(static, 1)
  for (long i = begin; i < end; ++i) {
    double s = b[i] * b[i] - 4.0 * a[i] * c[i];
    if (s >= 0) {
      s = std::sqrt(s);
      x2[i] = (-b[i] + s) / (2.0 * a[i]);
      x1[i] = (-b[i] - s) / (2.0 * a[i]);
    } else {
      x2[i] = 0.0;
      x1[i] = 0.0;
    }
  }
}

static double total(const double *c, int n) {
  double sum = 0;
#pragma omp target is_device_ptr(c) map(tofrom: sum)
  for (int i = 0; i < n; ++i)
    sum += c[i];
  return sum;
}

int main() {
  const int n = 4096, device = omp_get_default_device();
  std::vector<double> xs(n), ys(n), back(n);
  for (int i = 0; i < n; ++i)
    xs[i] = i % 17;
  const std::size_t bytes = n * sizeof(double);
  auto *c = static_cast<double *>(omp_target_alloc(bytes, device));
  auto *a = static_cast<double *>(omp_target_alloc(bytes, device));
  auto *b = static_cast<double *>(omp_target_alloc(bytes, device));
  scale(xs.data(), c, n);
  scale(xs.data() + n / 2, a, n / 2);
  scale(xs.data(), a + n / 2, n / 2);
  shift(c, b, 0);
  for (int step = 0; step < 3; ++step) {
    scale(xs.data(), b, n);
    triad(a, b, c, 0.25 * step, n);
  }
  shift(a, ys.data(), n);
  omp_target_memcpy(back.data(), c, bytes, 0, 0, omp_get_initial_device(),
                    device);
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += ys[i] * (i % 3 + 1) + back[i];
  std::printf("%.6f %g %g %g\n", sum, ys[0], ys[n / 2 + 1], back[n - 1]);
  // OpenMP's answer: a block on a device is not present, as the host's
  // own memory is on the initial device.
  std::printf("block total %.6f, present as OpenMP says: %d\n", total(a, n),
              omp_target_is_present(a, device) ==
                  (device == omp_get_initial_device()));

  // The coefficients copied in, as the suite's helpers do.
  std::vector<double> ks(3 * n), x1s(n), x2s(n);
  for (int i = 0; i < 3 * n; ++i)
    ks[i] = i < n ? 1 + i % 7 : i < 2 * n ? 10 - i % 13 : i % 5 - 2.0;
  auto *k = static_cast<double *>(omp_target_alloc(3 * bytes, device));
  auto *x1 = static_cast<double *>(omp_target_alloc(bytes, device));
  omp_target_memcpy(k, ks.data(), 3 * bytes, 0, 0, device,
                    omp_get_initial_device());
  roots(k, k + n, k + 2 * n, x1, c, 0, n);
  roots(k, k + n, k + 2 * n, x1, c, n / 4, n / 2);
  omp_target_memcpy(x1s.data(), x1, bytes, 0, 0, omp_get_initial_device(),
                    device);
  omp_target_memcpy(x2s.data(), c, bytes, 0, 0, omp_get_initial_device(),
                    device);
  double root_sum = 0;
  for (int i = 0; i < n; ++i)
    root_sum += x1s[i] + 2 * x2s[i];
  std::printf("roots %.6f\n", root_sum);
  for (double *block : {c, a, b, k, x1})
    omp_target_free(block, device);
}
