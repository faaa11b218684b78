#!/bin/sh
# ferry-gcc: C sources build as gcc builds them, with the offload options
# and libferry, and keep GCC's path (the plugin reads C++ only).  A C
# program that is no C++ (malloc without a cast, restrict, a variable
# named new, a compound literal) builds unchanged and prints what gcc's
# build prints; the plugin's options get a note, not an error; and a C
# program links with a C++ file of ferry kernels, which run through ferry.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
FERRY_GCC=$(dirname "$FERRY_GXX")/ferry-gcc
[ -x "$FERRY_GCC" ] || fail "no ferry-gcc next to $FERRY_GXX"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"

cat > saxpy.c <<'C'
#include <stdio.h>
#include <stdlib.h>
struct pair { int n; double a; };
static void saxpy(struct pair p, const double *restrict x, double *restrict y) {
#pragma omp target teams distribute parallel for map(to: x[0:p.n]) map(tofrom: y[0:p.n])
  for (int i = 0; i < p.n; ++i)
    y[i] += p.a * x[i];
}
void scale_all(int n, double *v, double by);
int main(void) {
  int new = 4096;
  double *x = malloc(new * sizeof *x), *y = malloc(new * sizeof *y);
  for (int i = 0; i < new; ++i) { x[i] = i % 7; y[i] = 1; }
  saxpy((struct pair){ .n = new, .a = 0.5 }, x, y);
#ifdef WITH_KERNELS
  scale_all(new, y, 2.0);
#endif
  double sum = 0;
  for (int i = 0; i < new; ++i) sum += y[i];
  printf("sum=%.3f\n", sum);
  free(x); free(y);
  return 0;
}
C

gcc_c=$(printf '%s\n' "$("$FERRY_GXX" --showme x.cc | cut -d' ' -f1)" |
        sed 's/g++/gcc/')
"$gcc_c" -O2 -fopenmp -foffload=disable saxpy.c -o reference > ref.log 2>&1 ||
  { cat ref.log; fail "gcc does not build the C program"; }
expected=$(./reference)

"$FERRY_GCC" -O2 -fplugin-arg-ferry-explain saxpy.c -o saxpy > build.log 2>&1 ||
  { cat build.log; fail "ferry-gcc does not build the C program"; }
grep -q "ferry-gcc: note: ferry's checks and kernels read C++ only" build.log ||
  { cat build.log; fail "no note that the plugin's options do nothing for C"; }
for device in sim host; do
  got=$(FERRY_DEVICE=$device ./saxpy) || fail "the C program failed on $device"
  [ "$got" = "$expected" ] ||
    fail "on $device the C program printed '$got', gcc's build '$expected'"
done

# A C main, a C++ file of kernels: compiled each by its driver, linked by
# ferry-g++.
cat > kernels.cc <<'CC'
[[ferry::kernel]]
void scale(int n, double by, [[ferry::borrow_mut(n)]] double *v) {
  for (int i = 0; i < n; ++i)
    v[i] *= by;
}
extern "C" void scale_all(int n, double *v, double by) { scale(n, by, v); }
CC
"$FERRY_GCC" -O2 -DWITH_KERNELS -c saxpy.c -o main.o > c.log 2>&1 ||
  { cat c.log; fail "ferry-gcc -c failed"; }
"$FERRY_GXX" -O2 -c kernels.cc -o kernels.o > cc.log 2>&1 ||
  { cat cc.log; fail "ferry-g++ -c failed"; }
"$FERRY_GXX" -O2 main.o kernels.o -o mixed > link.log 2>&1 ||
  { cat link.log; fail "the C and C++ objects do not link"; }
got=$(FERRY_DEVICE=sim FERRY_STATS=1 ./mixed 2>&1) ||
  { echo "$got"; fail "the mixed program failed"; }
case $got in *"sum=20477.000"*) ;;
  *) echo "$got"; fail "the mixed program's sum is wrong" ;; esac
case $got in *"ferry-stats launches=1 "*) ;;
  *) echo "$got"; fail "the C++ kernel did not launch through ferry" ;; esac
echo "ferry-gcc builds C as gcc does, and links with ferry's C++ kernels"
