// Buffers large enough that, on a GPU, libferry page-locks their guarded
// pages when they become resident, and copies results back into the
// closed pages by DMA (doc/design.md, "Copies back by DMA"): the host
// reads a few elements (a read window), writes one (a write fault),
// rewrites everything, frees the vector and gets a new one at what is
// likely the same address (unpinned, then pinned again), and launches on
// the first half before the whole (the half's entry, pinned, is joined
// into the whole's).  A fresh block that only a kernel writes is pinned as
// that launch ends, its untouched pages faulted in then, as huge pages
// where the kernel gives them on request.  Every step must give the
// serial build's answers.
#include <ferry/ferry.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]] void fill(long n, double step,
                            [[ferry::out(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] = 0.5 * static_cast<double>(i % 1000) + step;
}

[[ferry::kernel]] void bump(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] = a[i] * 1.5 + 1.0;
}

static double total(const std::vector<double> &a) {
  double sum = 0;
  for (double v : a)
    sum += v;
  return sum;
}

int main() {
  const long n = 1L << 19; // 4 MiB of doubles
  for (int round = 0; round < 3; ++round) {
    std::vector<double> a(n);
    fill(n, round, a.data());
    std::printf("round %d: a[12345] = %.3f, a[n-1] = %.3f\n", round,
                a[12345], a[n - 1]);
    a[7] = -1.0; // the host's write between launches
    bump(n, a.data());
    std::printf("round %d: after bump a[7] = %.3f, total %.6e\n", round, a[7],
                total(a));
    for (long i = 0; i < n; i += 3)
      a[i] = 2.0;
    bump(n, a.data());
    std::printf("round %d: total %.6e\n", round, total(a));
  }

  // The first half becomes resident (and pinned) first; the whole joins it.
  std::vector<double> b(n, 1.0);
  bump(n / 2, b.data());
  std::printf("half: b[0] = %.3f, b[n-1] = %.3f\n", b[0], b[n - 1]);
  bump(n, b.data());
  std::printf("whole: b[0] = %.3f, b[n-1] = %.3f, total %.6e\n", b[0],
              b[n - 1], total(b));

  // 16 MiB the host never touched before the kernel writes them.
  const long m = 1L << 21;
  for (int round = 0; round < 2; ++round) {
    double *fresh = static_cast<double *>(std::malloc(m * sizeof(double)));
    fill(m, 10 + round, fresh);
    double sum = 0;
    for (long i = 0; i < m; ++i)
      sum += fresh[i];
    bump(m, fresh);
    std::printf("fresh %d: total %.6e, after bump fresh[m-1] = %.3f\n", round,
                sum, fresh[m - 1]);
    std::free(fresh);
  }
}
