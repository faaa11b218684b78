// Subscripts from a macro that parenthesizes its arguments, `#define
// IDX(i, j) ((i) + (j) * N)` (HeCBench's jacobi): C++ marks each
// parenthesized name with a view of itself, and rule 2 read the subscript
// as not affine until the analysis looked through it.  A kernel and a
// program's own target loop write through it; both must be shown right
// (the loop runs as a ferry kernel: 2 launches on sim) and give the serial
// build's answers.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdio>
#include <vector>

#define N 96
#define IDX(i, j) ((i) + (j) * N)

[[ferry::kernel]] void smooth([[ferry::borrow(N * N)]] const float *in,
                              [[ferry::out(N * N)]] float *out) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      out[IDX(i, j)] = 0.5f * in[IDX(i, j)] + 1.0f;
}

int main() {
  std::vector<float> a(N * N), b(N * N);
  for (int k = 0; k < N * N; ++k)
    a[k] = (k % 13) * 0.25f;
  smooth(a.data(), b.data());
  float *f = b.data();
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: f[0:N*N])
  for (int i = 1; i <= N - 2; i++) {
    for (int j = 1; j <= N - 2; j++) {
      f[IDX(i, j)] = 2.0f * f[IDX(i, j)];
    }
  }
  std::printf("%g %g %g\n", f[IDX(0, 5)], f[IDX(7, 9)], f[IDX(N - 1, N - 2)]);
}
