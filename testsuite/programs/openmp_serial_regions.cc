// Serial target regions, `#pragma omp target` around code with no
// construct but atomic ones, which ferry runs as entries of one thread on
// the data the program mapped (on a GPU): nbody's energy sum over an
// array of the function; a `declare target` table and count that `target
// update` moves both ways and the region changes (the entry must change
// libgomp's copies, not the ones in ferry's own module: OpenMP_VV's
// declare_target_device_type_host failed on the H100 until it did); the
// function's numbers, read; an atomic capture; and a region whose own
// map moves an array of the function, which ferry runs inside a data
// construct of the same map (plugin/region_data.cc).
// On the sim device every region runs as GCC compiled it: the two
// regions on the data region's sections and the last region try ferry's
// launch; the table's data is no section the program mapped there.
// { ferry-stats "FERRY_DEVICE=sim" "launches=3" }
#include <cstdio>

#pragma omp declare target
static int table[16];
static int calls = 0;
#pragma omp end declare target

int main() {
  const int n = 1000;
  double e[n];
  for (int i = 0; i < n; ++i)
    e[i] = (i % 7) * 0.5;
  for (int i = 0; i < 16; ++i)
    table[i] = i;
  int counter[1] = {5}, seen[1] = {0};
  const int scale = 3, offset = 2;
#pragma omp target update to(table[0:16])
#pragma omp target data map(tofrom: e[0:n], counter[0:1], seen[0:1])
  {
#pragma omp target
    for (int i = 1; i < n; ++i)
      e[0] += e[i];
#pragma omp target
    {
      for (int i = 0; i < 16; ++i)
        table[i] = table[i] * scale + offset;
      calls += 1;
    }
#pragma omp target
    {
      int old;
#pragma omp atomic capture
      old = counter[0]++;
      seen[0] = old;
    }
  }
#pragma omp target update from(table[0:16], calls)
  int lone[4] = {1, 2, 3, 4};
#pragma omp target map(tofrom: lone[0:4])
  for (int i = 1; i < 4; ++i)
    lone[0] += lone[i];
  std::printf("energy sum %.1f\n", e[0]);
  std::printf("table %d %d %d, calls %d\n", table[0], table[1], table[15],
              calls);
  std::printf("counter %d, seen %d, lone %d\n", counter[0], seen[0], lone[0]);
}
