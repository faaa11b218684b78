#!/bin/sh
# restrict that pays on the host: a kernel whose inner loop reads twelve
# borrowed rows and writes one.  GCC can vectorize that loop only if it
# knows the rows do not overlap, since twelve run-time overlap checks
# exceed its limit (--param vect-max-version-for-alias-checks=10).  GCC
# outlines the OpenMP region into functions that load the pointers from a
# data block, so even `__restrict` parameters do not help the same region
# written by hand; ferry's pass (plugin/region_restrict.cc) carries the
# proof into them, and the loop vectorizes.  The kernel's results on the
# host fallback are checked too.  Runs against the build tree (see
# ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"

# The twelve rows as ferry parameters, as plain parameters, and the sum the
# inner loop computes.  (ferry reads attributes from the source, so they
# are spelled out rather than made by a macro.)
rows=""; plain_rows=""; terms=""
for k in 0 1 2 3 4 5 6 7 8 9 10 11; do
  rows="$rows [[ferry::borrow(n * c)]] const double *a$k,"
  plain_rows="$plain_rows const double *__restrict a$k,"
  terms="$terms${terms:+ + }($k + 1) * a$k[i * c + j]"
done

cat > kernel.cc <<CC
#include <ferry/ferry.hpp>
[[ferry::kernel]]
void blend(int n, int c,$rows [[ferry::out(n * c)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < c; ++j)
            y[i * c + j] = $terms; // inner loop
        y[i * c] += 1.0;
    }
}
CC

cat > by_hand.cc <<CC
void blend(int n, int c,$plain_rows double *__restrict y)
{
#pragma omp target teams distribute parallel for simd map(to: a0[0:n*c], a1[0:n*c], a2[0:n*c], a3[0:n*c], a4[0:n*c], a5[0:n*c], a6[0:n*c], a7[0:n*c], a8[0:n*c], a9[0:n*c], a10[0:n*c], a11[0:n*c]) map(from: y[0:n*c])
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < c; ++j)
            y[i * c + j] = $terms; // inner loop
        y[i * c] += 1.0;
    }
}
CC

inner_line=$(grep -n "// inner loop" kernel.cc | cut -d: -f1)
loop_line=$((inner_line - 1))

# Only the host compilation: the offload code is compiled at link time.
"$FERRY_GXX" -O3 -fopt-info-vec-all -c kernel.cc -o kernel.o 2> ferry.txt ||
  { cat ferry.txt; fail "ferry-g++ failed"; }
grep -q "^kernel.cc:$loop_line:[0-9]*: optimized: loop vectorized" ferry.txt ||
  { grep "^kernel.cc:$loop_line:" ferry.txt; fail "ferry: the inner loop (line $loop_line) is not vectorized"; }
if grep -q "^kernel.cc:$loop_line:.*versioned for vectorization because of possible aliasing" ferry.txt; then
  fail "ferry: the inner loop needed run-time alias checks"
fi

g++ -O3 -fopenmp -fopt-info-vec-all -c by_hand.cc -o by_hand.o 2> by_hand.txt ||
  { cat by_hand.txt; fail "g++ failed on the hand-written region"; }
grep -q "^by_hand.cc:$loop_line:" by_hand.txt ||
  fail "g++ said nothing about the hand-written inner loop; is the test still valid?"
if grep -q "^by_hand.cc:$loop_line:[0-9]*: optimized: loop vectorized" by_hand.txt; then
  fail "the hand-written region vectorizes without ferry: the test no longer shows restrict's benefit"
fi

# The vectorized kernel computes what the source says, on the host.
cat > main.cc <<'CC'
#include <cstdio>
#include <vector>
void blend(int, int, const double *, const double *, const double *,
           const double *, const double *, const double *, const double *,
           const double *, const double *, const double *, const double *,
           const double *, double *);
int main() {
  const int n = 37, c = 29;
  std::vector<std::vector<double>> a(12, std::vector<double>(n * c));
  for (int k = 0; k < 12; ++k)
    for (int e = 0; e < n * c; ++e) a[k][e] = (e % 7) * 0.25 + k;
  std::vector<double> y(n * c, -1.0);
  blend(n, c, a[0].data(), a[1].data(), a[2].data(), a[3].data(), a[4].data(),
        a[5].data(), a[6].data(), a[7].data(), a[8].data(), a[9].data(),
        a[10].data(), a[11].data(), y.data());
  int wrong = 0;
  for (int e = 0; e < n * c; ++e) {
    double expected = e % c == 0 ? 1.0 : 0.0;
    for (int k = 0; k < 12; ++k) expected += (k + 1) * a[k][e];
    if (y[e] != expected && ++wrong <= 3)
      std::printf("y[%d] = %g, expected %g\n", e, y[e], expected);
  }
  std::printf("%d wrong\n", wrong);
  return wrong != 0;
}
CC
"$FERRY_GXX" -O3 kernel.o main.cc -o blend 2> link.txt || { cat link.txt; fail "link failed"; }
./blend || fail "wrong results"
echo "ok"
