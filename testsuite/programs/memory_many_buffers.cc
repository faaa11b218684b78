// 36,000 resident buffers of a page each, every other one read by the
// host between launches, so that neighbours' pages get different
// protections.  Each stretch of pages with a protection of its own is a
// mapping of the kernel's, which allows a process 65,530 of them
// (vm.max_map_count): guarding all of them made mprotect fail.  Past the
// guards' share of the limit a buffer is not guarded, and its bytes come
// back as each kernel ends.  Every step must give the serial build's
// answers.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]] void bump(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i)
    a[i] = a[i] * 2.0 + 1.0;
}

int main() {
  const int count = 36000;
  const long n = 512; // 4 KiB: a page-aligned block of its own
  std::vector<double *> blocks(count);
  for (int b = 0; b < count; ++b) {
    blocks[b] = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (long i = 0; i < n; ++i)
      blocks[b][i] = b % 3;
  }
  double sum = 0;
  for (int round = 0; round < 2; ++round) {
    for (int b = 0; b < count; ++b)
      bump(n, blocks[b]);
    for (int b = round; b < count; b += 2)
      sum += blocks[b][0];
  }
  for (int b = 0; b < count; ++b)
    for (long i = 0; i < n; ++i)
      sum += blocks[b][i];
  std::printf("%.1f\n", sum);
  for (double *block : blocks)
    std::free(block);
}
