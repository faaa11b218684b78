// A count that runs past the memory it points to, into pages that are not
// mapped, is refused at the call that gives it, naming the call, the range
// and the first page that is not mapped: ferry::prefetch said only
// "mprotect ...: Cannot allocate memory".
// { ferry-exit 1 "ferry::prefetch: 12288 bytes from 0x[0-9a-f]+, but the memory from 0x[0-9a-f]+ on is not mapped; pass the buffer's own length, which must not run past its allocation" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <sys/mman.h>
#include <unistd.h>

[[ferry::kernel]] void twice(long n, [[ferry::borrow_mut(n)]] double *v) {
  for (long i = 0; i < n; ++i)
    v[i] *= 2.0;
}

int main() {
  const long page = sysconf(_SC_PAGESIZE);
  auto *memory = static_cast<double *>(mmap(nullptr, 3 * page,
                                            PROT_READ | PROT_WRITE,
                                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  if (memory == MAP_FAILED)
    return 1;
  // The page after the buffer, unmapped before anything (a GPU's driver
  // too) can map memory there.
  munmap(reinterpret_cast<char *>(memory) + 2 * page, page);
  const long n = 2 * page / static_cast<long>(sizeof(double));
  for (long i = 0; i < n; ++i)
    memory[i] = 1.0;
  ferry::prefetch(memory, 3 * n / 2); // 12288 bytes: a page too many
  twice(n, memory);
  std::printf("not reached: %.1f\n", memory[n - 1]);
}
