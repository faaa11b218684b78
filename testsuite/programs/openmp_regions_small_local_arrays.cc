// Arrays of the function smaller than a page, beside large heap buffers,
// mapped by the program's region (a histogram's counters, updated
// atomically, and a counter the loop never uses): their entries have no
// page wholly inside them, and nothing is locked or guarded for them.
// Large buffers beside them are locked for fast copies, which once made
// libferry lock, and then unlock twice, an inverted range for each small
// array (an internal error of the sim device, as the driver's would be).
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdio>
#include <vector>

int main() {
  const int n = 100000;
  std::vector<int> x(n), y(n);
  for (int i = 0; i < n; ++i)
    x[i] = (i * 7919) % 1000;
  int *px = x.data(), *py = y.data();
  for (int round = 0; round < 2; ++round) {
    int unused[1] = {round};
    int hist[4] = {0, 0, 0, 0};
#pragma omp target teams distribute parallel for map(to: px[0:n]) map(from: py[0:n]) map(tofrom: unused[0:1], hist[0:4])
    for (int i = 0; i < n; ++i) {
      py[i] = px[i] * 2 + round;
#pragma omp atomic update
      hist[px[i] % 4] += 1;
    }
    long sum = 0;
    for (int i = 0; i < n; ++i)
      sum += py[i];
    std::printf("round %d: sum=%ld hist=%d %d %d %d unused=%d\n", round, sum,
                hist[0], hist[1], hist[2], hist[3], unused[0]);
  }
  return 0;
}
