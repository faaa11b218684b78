#!/bin/sh
# Which launch path each kernel loop takes, as the ferry-path lines of
# FERRY_STATS=1 report it, on a machine where kernels run on the host or the
# sim device (no GPU): the OpenMP region, with the reason; FERRY_LAUNCH=omp
# names itself; FERRY_LAUNCH=direct is no error where there is no GPU; a
# misspelt FERRY_LAUNCH stops the program; a loop without a direct entry
# has no line.  Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cstdio>
[[ferry::kernel]] void scale(int n, [[ferry::borrow_mut(n)]] double *v) {
  for (int i = 0; i < n; ++i) v[i] *= 2;
}
// A 2-byte reduction: no direct entry (its atomics are 4 or 8 bytes).
[[ferry::kernel]] short narrow(int n, [[ferry::borrow(n)]] const double *v) {
  short s = 0;
  for (int i = 0; i < n; ++i) s += static_cast<short>(v[i]);
  return s;
}
int main() {
  double v[4] = {1, 2, 3, 4};
  for (int step = 0; step < 3; ++step) scale(4, v);
  const short total = narrow(4, v);
  std::printf("%g %g %d\n", v[0], v[3], total);
}
CC
"$FERRY_GXX" -O2 "$dir/k.cc" -o "$dir/k" 2> "$dir/build.txt" ||
  { cat "$dir/build.txt"; fail "build failed"; }

out=$(FERRY_DEVICE=sim FERRY_STATS=1 "$dir/k" 2>&1) || fail "sim run failed: $out"
echo "$out" | grep -q '^8 32 80$' || fail "wrong result: $out"
echo "$out" | grep -q '^ferry-stats launches=4 ' || fail "no ferry-stats line: $out"
echo "$out" | grep -Eq '^ferry-path scale __ferry_direct__Z5scaleiPd_0 direct=0 omp=3 \(kernels run on the host \(sim\)\)$' ||
  fail "no or wrong ferry-path line for scale: $out"
if echo "$out" | grep -q 'ferry-path narrow'; then
  fail "narrow has no direct entry, yet a ferry-path line: $out"
fi

out=$(FERRY_DEVICE=host FERRY_LAUNCH=omp FERRY_STATS=1 "$dir/k" 2>&1) || fail "omp run failed: $out"
echo "$out" | grep -q 'direct=0 omp=3 (FERRY_LAUNCH=omp)$' || fail "FERRY_LAUNCH=omp not named: $out"

out=$(FERRY_DEVICE=sim FERRY_LAUNCH=direct "$dir/k" 2>&1) ||
  fail "FERRY_LAUNCH=direct failed where there is no GPU: $out"

if out=$(FERRY_LAUNCH=cuda "$dir/k" 2>&1); then fail "FERRY_LAUNCH=cuda accepted"; fi
echo "$out" | grep -q 'FERRY_LAUNCH=cuda is not understood; expected auto, direct or omp' ||
  fail "no message for a misspelt FERRY_LAUNCH: $out"
echo "ok"
