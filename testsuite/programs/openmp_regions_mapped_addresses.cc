// A section the program's own `target data` maps is libgomp's: a loop
// that ferry runs as a kernel and a region on GCC's path see it at one
// address, libgomp's copy (on a GPU, its device copy; in host fallback,
// the host's memory).  HeCBench's memtest computes addresses from that
// address's bits (`p = start | mask`) in one region and reads them in
// another; with a copy of its own, the sim device gave ferry's kernel
// another address, and memtest reported errors its GCC build did not.
// Here a region on GCC's path (a loop stepping by two) and ferry's kernel
// each record the address they see, and the bytes at an offset made from
// its low bits: the program prints whether they agree.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdio>
#include <cstdlib>

static void mark(char *mem, unsigned long n, unsigned long *seen) {
#pragma omp target teams distribute parallel for
  for (unsigned long i = 0; i < n; i += 2) {
    if (i == 0)
      seen[0] = (unsigned long)mem;
    mem[i] = (char)(((unsigned long)(mem + i) >> 3) & 0x7f);
    mem[i + 1] = 0;
  }
}

static void check(const char *mem, unsigned long n, unsigned long *seen,
                  unsigned *wrong) {
#pragma omp target teams distribute parallel for
  for (unsigned long i = 0; i < n; ++i) {
    if (i == 0)
      seen[1] = (unsigned long)mem;
    const char expected =
        i % 2 ? 0 : (char)(((unsigned long)(mem + i) >> 3) & 0x7f);
    if (mem[i] != expected) {
#pragma omp atomic update
      wrong[0] += 1;
    }
  }
}

int main() {
  const unsigned long n = 1 << 16;
  char *mem = (char *)std::malloc(n);
  unsigned long seen[2] = {0, 0};
  unsigned wrong[1] = {0};
  for (int round = 0; round < 2; ++round) {
#pragma omp target data map(tofrom: seen[0:2], wrong[0:1]) map(alloc: mem[0:n])
    {
      mark(mem, n, seen);
      check(mem, n, seen, wrong);
    }
  }
  std::printf("same address: %s, bytes not as marked: %u\n",
              seen[0] == seen[1] ? "yes" : "no", wrong[0]);
  std::free(mem);
  return 0;
}
