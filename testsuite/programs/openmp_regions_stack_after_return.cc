// Arrays of the function on the stack, mapped whole by the program's
// region (OpenMP_VV's target_teams_distribute_parallel_for_map_to: three
// arrays of 8,000 bytes): once the function returns, none of their pages
// may stay guarded, since later calls put their frames there.  libferry
// found the main thread's stack from /proc/self/maps after a guard had
// split its mapping, took the arrays for memory off the stack, and kept
// their pages read-only after the return: on the GPU, SIGSEGV in an exit
// handler, in one run of ten.  The program counts the pages of the
// stack's neighbourhood that are not writable after the call (none in
// the serial build), and calls a function whose frame covers them.
// { ferry-stats "FERRY_DEVICE=sim" "launches=1" }
#include <cstdint>
#include <cstdio>
#include <cstring>

#define N 2000

__attribute__((noinline)) static int scaled_sum(std::uintptr_t *lowest) {
  int a[N], b[N], d[N];
  int scalar = 50;
  for (int i = 0; i < N; i++) {
    a[i] = 1;
    b[i] = i;
    d[i] = 0;
  }
#pragma omp target teams distribute parallel for map(to: a, b, scalar) map(tofrom: d)
  for (int j = 0; j < N; ++j)
    d[j] = (a[j] + b[j]) * scalar;
  int errors = 0;
  for (int i = 0; i < N; i++)
    errors += d[i] != (1 + i) * 50;
  *lowest = reinterpret_cast<std::uintptr_t>(a < d ? a : d);
  return errors;
}

// Writes a frame as large as the three arrays over where they were.
__attribute__((noinline)) static int overwrite(int seed) {
  volatile int frame[3 * N];
  for (int i = 0; i < 3 * N; i++)
    frame[i] = seed + i;
  int sum = 0;
  for (int i = 0; i < 3 * N; i += 97)
    sum += frame[i];
  return sum;
}

int main() {
  std::uintptr_t lowest = 0;
  const int errors = scaled_sum(&lowest);
  const std::uintptr_t top = reinterpret_cast<std::uintptr_t>(&lowest);
  int unwritable = 0;
  if (FILE *maps = std::fopen("/proc/self/maps", "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, maps)) {
      unsigned long begin = 0, end = 0;
      char permissions[8] = "";
      if (std::sscanf(line, "%lx-%lx %7s", &begin, &end, permissions) == 3 &&
          end > lowest - 4096 && begin < top && permissions[1] != 'w')
        ++unwritable;
    }
    std::fclose(maps);
  }
  std::printf("errors=%d unwritable stack pages after the return=%d\n", errors,
              unwritable);
  std::printf("overwrite: %d\n", overwrite(7));
  return 0;
}
