// Buffers from every over-aligned allocator a program uses: posix_memalign
// (2 MiB), aligned_alloc (64 KiB), aligned operator new, and new[] of an
// alignas(256) struct, freed and allocated again each round, their lengths
// not whole pages.  These blocks are glibc's, so only the pages wholly
// inside a buffer are guarded, and on a GPU those pages are page-locked:
// a copy of the whole buffer spans locked and pageable memory, which the
// CUDA driver refuses (cuMemcpyHtoD: invalid argument), and so does the
// sim device since it keeps the driver's rules.  Two buffers in one block,
// each locked on its own pages, and a launch over both (one entry made of
// two) come last.  Every step must give the serial build's answers.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <new>

[[ferry::kernel]] void scale(long n, double factor,
                             [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] = a[i] * factor + 1.0;
}

[[ferry::kernel]] void add(long n, [[ferry::borrow(n)]] const double *x,
                           [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] += x[i];
}

struct alignas(256) Cell {
  double value[4];
};

[[ferry::kernel]] void advance(long n, [[ferry::borrow_mut(n)]] Cell *cells) {
  for (long i = 0; i < n; ++i)
    cells[i].value[1] += 2.0 * cells[i].value[0];
}

static double total(const double *a, long n) {
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += a[i];
  return sum;
}

int main() {
  const long n = 100001; // 800,008 bytes: not a whole number of pages
  const long cells = 2001;
  for (int round = 0; round < 3; ++round) {
    double *a = nullptr;
    if (posix_memalign(reinterpret_cast<void **>(&a), std::size_t{2} << 20,
                       n * sizeof(double)) != 0)
      return 1;
    const std::size_t b_bytes = std::size_t{65536} * 5;
    const long nb = static_cast<long>(b_bytes / sizeof(double)) - 3;
    auto *b = static_cast<double *>(std::aligned_alloc(65536, b_bytes));
    auto *c = static_cast<double *>(
        ::operator new(n * sizeof(double), std::align_val_t(65536)));
    Cell *d = new Cell[cells];
    for (long i = 0; i < n; ++i)
      a[i] = c[i] = static_cast<double>(i % 7);
    for (long i = 0; i < nb + 3; ++i)
      b[i] = static_cast<double>(i % 5);
    for (long i = 0; i < cells; ++i)
      d[i] = Cell{{static_cast<double>(i % 3), 1.0, 0.0, 0.0}};
    scale(n, 2.0, a);
    scale(nb, 3.0, b + 3); // a sub-span, not starting on a page
    scale(n, 0.5, c);
    add(n, c, a);
    advance(cells, d);
    a[5] = 100.0; // the host writes between launches
    scale(n, 2.0, a);
    std::printf("round %d: a %.1f b %.1f c %.1f d %.1f a[n-1] %.1f\n", round,
                total(a, n), total(b, nb + 3), total(c, n),
                d[cells - 1].value[1] + d[7].value[1], a[n - 1]);
    std::free(a);
    std::free(b);
    ::operator delete(c, std::align_val_t(65536));
    delete[] d;
  }

  // Two buffers in one block, each resident (and locked) on its own, then
  // one launch over both: one entry made of the two.
  const long half = 70001;
  double *both = nullptr;
  if (posix_memalign(reinterpret_cast<void **>(&both), 4096,
                     2 * half * sizeof(double)) != 0)
    return 1;
  for (long i = 0; i < 2 * half; ++i)
    both[i] = static_cast<double>(i % 11);
  scale(half, 2.0, both);
  scale(half, 3.0, both + half);
  std::printf("halves: %.1f %.1f\n", total(both, half),
              total(both + half, half));
  scale(2 * half, 0.5, both);
  std::printf("both: %.1f\n", total(both, 2 * half));
  std::free(both);
}
