#!/bin/sh
# ferry-gcc: a C file whose target loops are also C++ is read as C++ with
# C linkage, and its loops get ferry's checks and kernels: a region calling
# a helper defined further down runs as a kernel, with gcc's answers, and
# the file links with plain C files both ways (a function each, and a
# file-scope const, external in C).  A C program that is no C++ (a
# variable named new) builds as gcc builds it, with a note, and prints
# what gcc's build prints; C without target loops takes the plugin's
# options with a note; and a C program links with a C++ file of ferry
# kernels, which run through ferry.  Runs against the build tree (see
# ferry-test).
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
grep -q "ferry-gcc: note: these C sources do not compile as C++ (.*saxpy.c:.*new.*); gcc compiles them as C" build.log ||
  { cat build.log; fail "no note that the C program keeps GCC's path"; }
for device in sim host; do
  got=$(FERRY_DEVICE=$device ./saxpy) || fail "the C program failed on $device"
  [ "$got" = "$expected" ] ||
    fail "on $device the C program printed '$got', gcc's build '$expected'"
done

# C that is C++ too: its loop runs as a ferry kernel, and links with C.
# It asks for C99, and makes its pragma with a macro, as the Parallel
# Research Kernels do.
cat > lookup.c <<'C'
#if !(defined(__STDC_VERSION__) && (__STDC_VERSION__ >= 199901L))
# error You need a C99+ compiler.
#endif
#include <stdio.h>
#include <stdlib.h>
#define PRAGMA(x) _Pragma(#x)
#define OMP_TARGET(x) PRAGMA(omp target x)
const int rounds = 3;
int offset(void);
static double weigh(double v, int k);
double smooth(int n, const double *restrict x, double *restrict y) {
  OMP_TARGET(teams distribute parallel for map(to: x[0:n]) map(from: y[0:n]))
  for (int i = 0; i < n; ++i)
    y[i] = weigh(x[i], i % 4);
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += y[i];
  return sum;
}
static double weigh(double v, int k) { return v * 0.5 + k + rounds; }
double run(int n);
int main(void) {
  printf("sum=%.3f\n", run(5000) + offset());
  return 0;
}
C
cat > driver.c <<'C'
#include <stdlib.h>
extern const int rounds;
double smooth(int n, const double *x, double *y);
int offset(void) { return rounds - 1; }
double run(int n) {
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), sum = 0;
  for (int i = 0; i < n; ++i) x[i] = i % 9;
  for (int r = 0; r < rounds; ++r) sum += smooth(n, x, y);
  free(x); free(y);
  return sum;
}
C
"$gcc_c" -O2 -fopenmp -foffload=disable lookup.c driver.c -o lookup_ref > ref.log 2>&1 ||
  { cat ref.log; fail "gcc does not build lookup.c and driver.c"; }
expected=$(./lookup_ref)
"$FERRY_GCC" -O2 -std=gnu99 -Wall -Wstrict-prototypes -fplugin-arg-ferry-explain \
  -c lookup.c -o lookup.o > lookup.log 2>&1 ||
  { cat lookup.log; fail "ferry-gcc does not build lookup.c"; }
grep -q "note: ferry runs this .#pragma omp target teams distribute parallel for. over .i." lookup.log ||
  { cat lookup.log; fail "lookup.c's loop did not become a ferry kernel"; }
if grep -Eq "void\*|valid for C/ObjC|do not compile as C\+\+" lookup.log; then
  cat lookup.log; fail "ferry-gcc said what gcc says nothing of"
fi
"$FERRY_GCC" -O2 -std=gnu99 -Wall -fplugin-arg-ferry-explain -c driver.c \
  -o driver.o > driver.log 2>&1 || { cat driver.log; fail "driver.c"; }
grep -q "no '#pragma omp target' in these C sources" driver.log ||
  { cat driver.log; fail "no note that driver.c has nothing for ferry"; }
"$FERRY_GCC" -O2 lookup.o driver.o -o lookup > link.log 2>&1 ||
  { cat link.log; fail "the C objects do not link"; }
for device in sim host; do
  got=$(FERRY_DEVICE=$device ./lookup) || fail "lookup failed on $device"
  [ "$got" = "$expected" ] ||
    fail "on $device lookup printed '$got', gcc's build '$expected'"
done
got=$(FERRY_DEVICE=sim FERRY_STATS=1 ./lookup 2>&1)
case $got in *"ferry-stats launches=3 "*) ;;
  *) echo "$got"; fail "lookup's loop did not launch through ferry" ;; esac

# A link that fails in C as well (here, an output folder that does not
# exist) fails with gcc's words and no note blaming the C++ reading.
if "$FERRY_GCC" -O2 lookup.c driver.c -o missing/lookup > nolink.log 2>&1; then
  fail "a link into a missing folder succeeded"
fi
grep -q "cannot open output file missing/lookup" nolink.log ||
  { cat nolink.log; fail "the failed link did not say why"; }
if grep -q "do not compile as C++" nolink.log; then
  cat nolink.log; fail "a link failing in C too was blamed on the C++ reading"
fi

# C that C++ would compile with another meaning keeps GCC's path: the
# size of a character constant, and a compound literal whose address
# outlives its full expression in C only.
cat > sizes.c <<'C'
#include <stdio.h>
struct pair { int n; double a; };
int main(void) {
  double y[64];
  struct pair *p = &(struct pair){ 64, 0.5 };
#pragma omp target teams distribute parallel for map(from: y[0:64])
  for (int i = 0; i < 64; ++i)
    y[i] = i * 0.5;
  printf("%d %d %g\n", (int)SIZE, p->n, y[63] * p->a);
  return 0;
}
C
for size in "sizeof 'c'" "sizeof(int)"; do
  "$gcc_c" -O2 -fopenmp -foffload=disable "-DSIZE=$size" sizes.c -o sizes_ref \
    > ref.log 2>&1 || { cat ref.log; fail "gcc does not build sizes.c"; }
  "$FERRY_GCC" -O2 "-DSIZE=$size" sizes.c -o sizes > sizes.log 2>&1 ||
    { cat sizes.log; fail "ferry-gcc does not build sizes.c"; }
  grep -q "these C sources do not compile as C++" sizes.log ||
    { cat sizes.log; fail "sizes.c (SIZE $size) did not keep GCC's path"; }
  [ "$(FERRY_DEVICE=sim ./sizes)" = "$(./sizes_ref)" ] ||
    fail "sizes.c (SIZE $size) printed '$(./sizes)', gcc's '$(./sizes_ref)'"
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
echo "ferry-gcc runs C target loops as ferry kernels, builds other C as gcc does, and links with ferry's C++ kernels"
