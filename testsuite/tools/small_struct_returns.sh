#!/bin/sh
# GCC 12's nvptx compiler crashes (tree-nrv.cc:179) on a function emitted
# out of line that returns a struct of at most 16 bytes by value, as
# RSBench's complex arithmetic does in C.  ferry-g++ and ferry-gcc turn
# that pass off on the device, so a kernel and a program's own region that
# call such functions build, offloaded to nvptx, and give g++'s answers,
# with no word of the pass; the plugin run without that option (g++
# -fplugin=...) says so at the function, before GCC crashes.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"

cat > pairs.cc <<'CC'
#include <cstdio>
struct Pair { double re, im; };
__attribute__((noinline)) Pair mul(Pair a, Pair b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}
[[ferry::kernel]]
void squares(int n, [[ferry::out(n)]] double *y) {
  for (int i = 0; i < n; ++i)
    y[i] = mul(Pair{i * 0.5, 1.0}, Pair{i * 0.5, 1.0}).im;
}
void rotate(int n, double *z) {
#pragma omp target teams distribute parallel for map(tofrom: z[0:n])
  for (int i = 0; i < n; ++i)
    z[i] = mul(Pair{z[i], 0.5}, Pair{0.0, 1.0}).re;
}
int main() {
  double y[64], z[64];
  for (int i = 0; i < 64; ++i) z[i] = i;
  squares(64, y);
  rotate(64, z);
  double s = 0;
  for (int i = 0; i < 64; ++i) s += y[i] + 3 * z[i];
  std::printf("%.6f\n", s);
}
CC

gxx=$("$FERRY_GXX" --showme x.cc | cut -d' ' -f1)
"$gxx" -O2 -fopenmp -foffload=disable -Wno-attributes pairs.cc -o reference \
  > ref.log 2>&1 || { cat ref.log; fail "g++ does not build pairs.cc"; }
expected=$(./reference)

"$FERRY_GXX" -O2 pairs.cc -o pairs > build.log 2>&1 ||
  { cat build.log; fail "ferry-g++ does not build pairs.cc for nvptx"; }
if grep -q "internal compiler error\|tree-nrv\|disable pass" build.log; then
  cat build.log; fail "the build said more than g++ says"
fi
for device in sim host; do
  got=$(FERRY_DEVICE=$device ./pairs) || fail "pairs failed on $device"
  [ "$got" = "$expected" ] ||
    fail "on $device pairs printed '$got', g++'s build '$expected'"
done

"$gxx" -O2 -fopenmp -foffload=nvptx-none "-fplugin=$FERRY_PLUGIN" \
  "-I$FERRY_INCLUDE" "-include$FERRY_INCLUDE/ferry/direct.hpp" -c pairs.cc \
  -o direct.o > direct.log 2>&1 &&
  { cat direct.log; fail "the plugin without -fdisable-tree-nrv built pairs.cc"; }
grep -q "pairs.cc:3:.*error: .*Pair mul(Pair, Pair).*, which a kernel calls, returns a .*Pair.* of 16 bytes by value out of line" direct.log ||
  { cat direct.log; fail "no error at mul without -fdisable-tree-nrv"; }
grep -q "internal compiler error" direct.log &&
  { cat direct.log; fail "GCC crashed"; }
echo "small structs returned by value build for nvptx with ferry-g++"
