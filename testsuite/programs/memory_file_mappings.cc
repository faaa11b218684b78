// A file mapped MAP_PRIVATE used as a buffer, writable and read-only, its
// length not a whole number of pages.  Only the pages wholly inside such a
// buffer are guarded, and on a GPU page-locked: the copies of the
// buffer's ends must not span the locked pages' edges, which the CUDA
// driver refuses (and the sim device, which keeps its rules).  Every step
// must give the serial build's answers.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

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

int main() {
  const long n = 100001;
  char path[] = "/tmp/ferry-file-mappings-XXXXXX";
  const int file = mkstemp(path);
  if (file < 0)
    return 1;
  unlink(path);
  for (long i = 0; i < n; ++i) {
    const double value = static_cast<double>(i % 11);
    if (write(file, &value, sizeof value) != sizeof value)
      return 1;
  }
  const std::size_t bytes = n * sizeof(double);
  auto *writable = static_cast<double *>(
      mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE, file, 0));
  auto *read_only = static_cast<const double *>(
      mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, file, 0));
  if (writable == MAP_FAILED || read_only == MAP_FAILED)
    return 1;
  auto *sums = static_cast<double *>(std::calloc(n, sizeof(double)));
  for (int step = 0; step < 3; ++step) {
    scale(n, 1.5, writable);
    add(n, read_only, sums);
    add(n, writable, sums);
    writable[step] = -1.0; // the host writes the mapping between launches
  }
  double a = 0, s = 0;
  for (long i = 0; i < n; ++i) {
    a += writable[i];
    s += sums[i];
  }
  std::printf("mapping %.3f sums %.3f last %.3f\n", a, s, read_only[n - 1]);
  munmap(writable, bytes);
  munmap(const_cast<double *>(read_only), bytes);
  std::free(sums);
  close(file);
}
