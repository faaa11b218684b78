// A program's loop whose iterations meet on purpose: Floyd-Warshall's pass
// k reads row k and column k, which the pass itself may rewrite, only with
// the values they hold (d[i][k] + d[k][k] never beats d[i][k]).  Which
// elements meet depends on k, a value of the launch; for a kernel, ferry
// would check that at each launch and stop the program.  A region runs on
// its pragma's promise, as GCC runs it: before, the first launch stopped
// with "races on element 0".  (HeCBench's floydwarshall, with nowait and
// a taskwait after the passes.)
// { ferry-stats "FERRY_DEVICE=sim" "launches=64" }
#include <cstdio>
#include <vector>

int main() {
  const unsigned n = 64;
  std::vector<unsigned> dist(n * n), via(n * n, n);
  for (unsigned y = 0; y < n; ++y)
    for (unsigned x = 0; x < n; ++x)
      dist[y * n + x] = y == x ? 0 : 1 + (y * 131 + x * 71) % 97;
  unsigned *d = dist.data(), *p = via.data();
#pragma omp target data map(tofrom: d[0:n * n], p[0:n * n])
  {
    for (unsigned k = 0; k < n; ++k) {
#pragma omp target teams distribute parallel for collapse(2) nowait
      for (unsigned y = 0; y < n; ++y)
        for (unsigned x = 0; x < n; ++x) {
          const unsigned direct = d[y * n + x];
          const unsigned through = d[y * n + k] + d[k * n + x];
          if (through < direct) {
            d[y * n + x] = through;
            p[y * n + x] = k;
          }
        }
    }
#pragma omp taskwait
  }
  unsigned long total = 0, rerouted = 0;
  for (unsigned i = 0; i < n * n; ++i) {
    total += dist[i];
    rerouted += via[i] != n;
  }
  std::printf("total=%lu rerouted=%lu d[5][9]=%u\n", total, rerouted,
              dist[5 * n + 9]);
  return 0;
}
