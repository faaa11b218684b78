// A time loop over std::vector fields whose halo kernels run in a helper
// (a launcher: its pointer parameter reaches only kernels, here through
// sub-ranges), called with a vector's data.  The vectors' storage escapes
// to memory (the vector objects), so any unknown call could read it; the
// helper touches nothing but what it launches, so the plugin marks it
// closed and syncs no buffer around its calls: with guarded pages each
// field moves in once and the host's final read brings one back.  Before,
// every call of the helper brought back every field the loop's kernels
// had written.
// { ferry-stats "FERRY_DEVICE=sim" "launches=601 h2d_copies=2 d2h_copies=1" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=401
// d2h_copies=601" } { ferry-env "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

// One edge cell copies its inner neighbour, which it does not overlap.
[[ferry::kernel]] void copy_edge(long count, [[ferry::out(count)]] double *edge,
                                 [[ferry::borrow(count)]] const double *inner) {
  for (long i = 0; i < count; ++i)
    edge[i] = inner[i];
}

[[ferry::kernel]] void relax(long n, double weight,
                             [[ferry::borrow(n + 2)]] const double *from,
                             [[ferry::borrow_mut(n + 2)]] double *to) {
  for (long i = 1; i <= n; ++i)
    to[i] = from[i] + weight * (from[i - 1] - 2.0 * from[i] + from[i + 1]);
}

// The reflective halo of a 1-D field of N inner cells.
__attribute__((noinline)) void halo(long n, double *field) {
  copy_edge(1, field, field + 1);
  copy_edge(1, field + n + 1, field + n);
}

int main() {
  const long n = 1000;
  std::vector<double> a(n + 2), b(n + 2);
  for (long i = 0; i < n + 2; ++i)
    a[i] = b[i] = i > n / 3 && i < 2 * n / 3 ? 10.0 : 1.0;
  relax(n, 0.2, a.data(), b.data());
  for (int step = 0; step < 100; ++step) {
    halo(n, b.data());
    relax(n, 0.2, b.data(), a.data());
    halo(n, a.data());
    relax(n, 0.2, a.data(), b.data());
  }
  double sum = 0;
  for (long i = 1; i <= n; ++i)
    sum += b[i] * static_cast<double>(i % 7 + 1);
  std::printf("%.12e\n", sum);
}
