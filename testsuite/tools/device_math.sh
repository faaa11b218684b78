#!/bin/sh
# The C library's square roots, fmax and fmin in ferry's device code are
# computed in place (plugin/device_math.cc), not called: on nvptx they are
# calls into newlib's libm, where fmaxf classifies each argument through
# another call and, under -fmath-errno, sqrtf is a compare, a branch and a
# call around sqrt.rn.  This checks the offload PTX: the direct entries of
# two kernels (float and double, std:: and C spellings) and a helper the
# kernel calls without inlining have sqrt.rn and no call of sqrt, sqrtf,
# fmax, fmaxf, fmin or fminf; the entries call neither expf, logf, exp,
# log, atan, atanf, pow nor powf (<ferry/device_maths.hpp> stands in for
# them, and for sinf and cosf, whose reduction by pi/2 in three parts is
# in the entry, one for a sin and a cos of the same argument; beyond
# 105,615 they call its far_sine, which calls no
# library function), and neither does the helper, whose logf is the
# library's on the host (its host assembly calls it) and
# <ferry/device_maths.hpp>'s on nvptx, as is the expf in its argument, and
# neither does a team loop's helper, and neither do the kernels'
# OpenMP-path loops (no sincos, whose two results an `omp simd` loop's
# lanes read from one shared frame); the
# program's own target loop, which -fplugin-arg-ferry-openmp-as-written
# leaves on GCC's path, still calls fmaxf, sqrtf and expf as GCC compiled
# it, while a target loop that ferry runs as a kernel computes sinf and
# cosf as the entries do on its OpenMP path too (no sincosf, whose two
# results an `omp simd` loop's lanes read from one shared frame).  The
# header defines no variable on the device, even in a C source
# (ferry-gcc reads it as C++ whose file-scope constants are external): a
# constant at namespace scope inside `omp declare target` joined the
# offload variable table on the device only, which shifted libgomp's
# mapping of a program's own `declare target link` variables (OpenMP_VV's
# test_nested_declare_target failed on the GPU).  With
# -fplugin-arg-ferry-library-maths the entries call the library's expf and
# logf as GCC's build does.  The values: programs/device_math.cc and
# device_maths_functions.cc.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/nvptx_offload.inc"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cmath>
#include <math.h>
__attribute__((noinline)) float length(float x, float y) {
  const float root = sqrtf(x * x + y * y); // initializers too
  float logarithm = logf(1.0f + expf(y)); // a call in a call's argument
  return root + logarithm;
}
__attribute__((noinline)) double turn(double y) {
  double c = cos(y); // RSBench's fast_cexp
  double s = sin(y);
  return c * s;
}
[[ferry::kernel]] void clamped(int n, [[ferry::borrow(n)]] const float *x,
                               [[ferry::out(n)]] float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = fmaxf(fminf(x[i], 1.0f), -1.0f) + std::sqrt(x[i]) + length(x[i], 2.0f) +
           expf(x[i]) * std::log(x[i]) + sinf(x[i]) * std::cos(x[i]) +
           atanf(x[i]) + std::atan(2.0f * x[i]) + powf(x[i], 1.7f) +
           std::pow(x[i], -0.3f);
}
[[ferry::kernel]] void wide(int n, [[ferry::borrow(n)]] const double *x,
                            [[ferry::out(n)]] double *y) {
  for (int i = 0; i < n; ++i)
    y[i] = std::fmax(x[i], 0.0) + sqrt(x[i]) + fmin(x[i], 2.0) + exp(x[i]) +
           sin(x[i]) * std::cos(x[i]) + turn(x[i]) + atan(x[i]) + log(x[i]) +
           pow(x[i], 0.7) + std::pow(1.5, x[i]);
}
int main() {
  float a[64], b[64];
  for (int i = 0; i < 64; ++i) a[i] = i - 3;
#pragma omp target teams distribute parallel for map(to: a) map(from: b)
  for (int i = 0; i < 64; ++i) b[i] = fmaxf(a[i], 0.5f) * sqrtf(a[i]) + expf(a[i]);
  return b[7] > 0 ? 0 : 1;
}
CC
cd "$dir" || fail "no temporary directory"
"$FERRY_GXX" -O2 -save-temps -fplugin-arg-ferry-openmp-as-written k.cc -o k 2> build.txt ||
  { cat build.txt; fail "build failed"; }
# ferry's own maths must pass ferry's check of code inside `omp simd` on
# nvptx: a local whose address is taken there is shared by the warp's
# lanes (the OpenMP path's regions computed one lane's sinf for others).
if grep "can miscompile inside" build.txt | grep -q "include/ferry/"; then
  cat build.txt; fail "<ferry/...> takes a local's address inside omp simd"
fi
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept (-save-temps)"
tr -d '\000' < "$ptx" > ptx.txt

python3 - ptx.txt <<'PY' || exit 1
import re, sys
text = open(sys.argv[1]).read()
# A function's body runs to the next "// BEGIN" comment GCC puts before
# every declaration and definition.
bodies = {}
for match in re.finditer(r"^(?:\.visible |\.weak )?\.(?:entry|func)\s*(?:\([^)]*\)\s*)?([\w$.]+)\s*\([^\n]*\n\{\n(.*?)(?=^// BEGIN|\Z)", text, re.S | re.M):
    bodies.setdefault(match.group(1), match.group(2))
def calls(name):
    return set(re.findall(r"\bcall(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([\w$.]+)", bodies[name]))
library = {"sqrt", "sqrtf", "fmax", "fmaxf", "fmin", "fminf"}
transcendental = {"exp", "expf", "log", "logf", "sin", "cos", "sincos", "atan", "atanf", "pow", "powf"}
def matching(pattern, what):
    found = sorted(n for n in bodies if re.search(pattern, n))
    if not found:
        sys.exit("FAIL: no function for %s in the offload PTX (%s)" % (what, sorted(bodies)))
    return found
# Each kernel's direct entry, its framed twin and the kernel's own OpenMP
# region (the FERRY_LAUNCH=omp path), and the helper.
checks = [(name, "f32") for name in matching(r"^(__ferry_direct__Z\d+|_Z\d+)clamped", "clamped")]
checks += [(name, "f64") for name in matching(r"^(__ferry_direct__Z\d+|_Z\d+)wide", "wide")]
checks += [(name, "f32") for name in matching(r"^_Z6lengthff$", "the helper length")]
for name, width in checks:
    left = calls(name) & library
    if left:
        sys.exit("FAIL: %s still calls %s" % (name, sorted(left)))
    if "sqrt.rn.%s" % width not in bodies[name] and not calls(name) & set(bodies):
        sys.exit("FAIL: %s has no sqrt.rn.%s and calls no function that may" % (name, width))
one_entry = next(n for n, _ in checks if re.match(r"^__ferry_direct__Z\d+clamped\w*_0$", n))
for name, _ in checks:
    if name.startswith("__ferry_direct_") and calls(name) & transcendental:
        sys.exit("FAIL: the entry %s still calls %s" % (name, sorted(calls(name) & transcendental)))
# The kernels' OpenMP-path loops (the `omp simd` of FERRY_LAUNCH=omp)
# compute the maths as the entries do on nvptx: left to the library, GCC
# joins sin(x) * cos(x) into a sincos whose results come back through a
# frame the warp's lanes share.  (The front end's fold cache once brought
# the library's calls back into the OpenMP path of clamped and wide.)
for name, _ in checks:
    joined = calls(name) & {"sincos", "sincosf", "exp", "expf", "sin", "cos", "sinf", "cosf"}
    if "$_omp_fn$" in name and joined:
        sys.exit("FAIL: the OpenMP path %s calls the library's %s" % (name, sorted(joined)))
if "c90fd8" not in bodies[one_entry].lower():  # pi/2 in three parts: its first
    sys.exit("FAIL: %s does not reduce sinf's argument by pi/2 itself" % one_entry)
if calls("_Z6lengthff") & {"logf", "expf"}:
    sys.exit("FAIL: the helper calls the library's %s on nvptx" % sorted(calls("_Z6lengthff") & {"logf", "expf"}))
if calls("_Z4turnd") & transcendental:
    sys.exit("FAIL: the helper's initializers call the library's %s on nvptx" % sorted(calls("_Z4turnd") & transcendental))
# The helper's cos(y) and sin(y) share one reduction of y and both
# polynomials: each reduced y itself, and chose its polynomial by a branch
# that a warp's lanes in different quadrants took both ways (RSBench's
# lookup: 883 fused multiply-adds in its entry, 541 with them shared).
reductions = bodies["_Z4turnd"].count("cvt.rni.f64.f64")
if reductions != 1:
    sys.exit("FAIL: the helper's cos(y) * sin(y) reduces y %d times, not once" % reductions)
entries = [n for n, _ in checks if re.match(r"^__ferry_direct__Z\d+clamped\w*_0$", n)]
if not entries or "sqrt.rn.f32" not in bodies[entries[0]]:
    sys.exit("FAIL: clamped's entry %s has no sqrt.rn.f32" % entries)
if "_Z6lengthff" not in calls(entries[0]):
    sys.exit("FAIL: the helper was inlined into the entry; the test lost its point")
# Beyond the three-part reduction sin and cos reduce with 2/pi's bits in
# far_sine, which calls nothing but ferry's maths (a float's, the
# double's): a call of the library there gave RSBench's entry the
# registers of newlib's reduction (166 against 104), and ferry's own sinf
# and cosf called from there once called themselves until the GPU's stack
# overflowed (an illegal memory access on the H100).
def reached(name):
    seen, todo = set(), list(calls(name))
    while todo:
        callee = todo.pop()
        if callee not in seen:
            seen.add(callee)
            todo += calls(callee) if callee in bodies else []
    return seen
for name in matching(r"^_ZN5ferry6direct5maths\d+far_sineE[fd]i$", "far_sine"):
    outside = sorted(n for n in reached(name) if not n.startswith("_ZN5ferry6direct5maths"))
    if outside or name in reached(name):
        sys.exit("FAIL: %s calls %s" % (name, outside or "itself"))
region = set()
for name in matching(r"^main\$_omp_fn\$", "the program's own region"):
    region |= calls(name)
if not {"fmaxf", "sqrtf", "expf"} <= region:
    sys.exit("FAIL: the region GCC compiled no longer calls fmaxf, sqrtf and expf: %s" % sorted(region))
PY
awk '/^_Z6lengthff:/,/\.size\t_Z6lengthff/' k.s | grep -q "call.*logf" ||
  fail "the helper's host code no longer calls the library's logf"

# A program's own target loop that ferry runs as a kernel: on its OpenMP
# path (FERRY_LAUNCH=omp, an `omp simd` loop) the maths are ferry's on
# nvptx too.  Left to the library, GCC joined sinf(x) * cosf(x) into a
# sincosf whose two results came back through a frame the warp's lanes
# share: lanes read one lane's sine (programs/device_maths_functions on an
# H200).
mkdir region && cd region || fail "no directory"
cat > region.cc <<'CC'
#include <math.h>
int main() {
  float a[64], b[64];
  for (int i = 0; i < 64; ++i) a[i] = 0.25f * i;
#pragma omp target teams distribute parallel for map(to: a) map(from: b)
  for (int i = 0; i < 64; ++i) b[i] = sinf(a[i]) * cosf(a[i]);
  return b[3] > 0 ? 0 : 1;
}
CC
"$FERRY_GXX" -O2 -save-temps region.cc -o region 2> build.txt ||
  { cat build.txt; fail "the region's build failed"; }
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept for the region"
tr -d '\000' < "$ptx" |
  awk '/FUNCTION DEF: __ferryomp_main_[0-9_]*\$_omp_fn\$/ { body = 1; seen = 1; next }
       /^\/\/ BEGIN/ { body = 0 }
       body { print }
       END { if (!seen) print "NO REGION" }' > region.ptx
grep -q "NO REGION" region.ptx && fail "ferry did not run the region as a kernel"
grep -q "call.*sincos" region.ptx &&
  fail "the region's OpenMP path calls sincosf, whose results omp simd's lanes share"
grep -q "call.*sinf\b\|call.*cosf\b" region.ptx &&
  fail "the region's OpenMP path calls the library's sinf or cosf on nvptx"
cd .. || fail "no directory"

# A team loop's helpers (scel's logf(1 + expf(x)), as written for the
# program's own regions): ferry's maths on nvptx, as a kernel's helpers
# get them.  With newlib's, scel took 7x its CUDA's time on an H100.
mkdir team && cd team || fail "no directory"
cat > team.cc <<'CC'
#include <math.h>
#pragma omp declare target
__attribute__((noinline)) float softplus(float x) { return logf(1.f + expf(x)); }
#pragma omp end declare target
void rows(int n, int m, const float *x, float *out) {
#pragma omp target teams distribute
  for (int r = 0; r < n; ++r) {
    float s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int c = 0; c < m; ++c)
      s += softplus(x[r * m + c]);
    out[r] = s;
  }
}
int main() {
  float x[64], out[4];
  for (int i = 0; i < 64; ++i) x[i] = 0.1f * i;
#pragma omp target data map(to: x) map(from: out)
  rows(4, 16, x, out);
  return out[1] > 0 ? 0 : 1;
}
CC
"$FERRY_GXX" -O2 -save-temps team.cc -o team 2> build.txt ||
  { cat build.txt; fail "the team loop's build failed"; }
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept for the team loop"
tr -d '\000' < "$ptx" > team.ptx
grep -q "FUNCTION DEF: __ferry_direct_team_" team.ptx ||
  fail "ferry did not run the team loop as a team entry"
awk '/FUNCTION DEF: _Z8softplusf/ { body = 1; next } /^\/\/ BEGIN/ { body = 0 } body' team.ptx |
  grep -q "call.*\(logf\|expf\)" && fail "the team loop's helper calls the library's logf or expf on nvptx"
cd .. || fail "no directory"

mkdir c_source && cd c_source || fail "no directory"
cat > link.c <<'C'
#define N 64
int a[N];
#pragma omp declare target link(a)
int main(void) {
#pragma omp target teams distribute parallel for map(tofrom: a)
  for (int i = 0; i < N; ++i) a[i] = i;
  return a[5] != 5;
}
C
"$(dirname "$FERRY_GXX")/ferry-gcc" -O2 -save-temps link.c -o link 2> build.txt ||
  { cat build.txt; fail "ferry-gcc does not build the C program"; }
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept for the C program"
if tr -d '\000' < "$ptx" | grep "VAR DEF: _ZN5ferry"; then
  fail "<ferry/direct.hpp> defines variables on the device of a C program"
fi
cd .. || fail "no directory"

# RSBench's Faddeeva sum (a C source, -O3, as its Makefile builds it):
# the same complex exponential in each of ten terms of a loop that GCC
# unrolls.  Each term's sin and cos had a branch of its own around the
# reduction, and GCC merged none (11 reductions in this entry, 19 in
# RSBench's); with only far_sine's call in a branch it merges all.
mkdir faddeeva && cd faddeeva || fail "no directory"
cat > faddeeva.c <<'C'
#include <math.h>
typedef struct { double r, i; } C;
static C c_mul(C a, C b) { C c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r}; return c; }
static C c_add(C a, C b) { C c = {a.r + b.r, a.i + b.i}; return c; }
static C c_sub(C a, C b) { C c = {a.r - b.r, a.i - b.i}; return c; }
static C c_div(C a, C b) {
  double d = b.r * b.r + b.i * b.i;
  C c = {(a.r * b.r + a.i * b.i) / d, (a.i * b.r - a.r * b.i) / d};
  return c;
}
static double fast_exp(double x) {
  x = 1.0 + x * 0.000244140625;
  x *= x; x *= x; x *= x; x *= x; x *= x; x *= x;
  return x;
}
static C fast_cexp(C z) {
  C t4 = {cos(z.i), sin(z.i)}, t5 = {fast_exp(z.r), 0};
  return c_mul(t5, t4);
}
static C faddeeva(C z) {
  double an[10] = {2.7e-1, 2.2e-1, 1.5e-1, 9.8e-2, 5.3e-2, 2.5e-2, 1.0e-2, 3.6e-3, 1.1e-3, 3.1e-4};
  double dl[10] = {9.8, 39.4, 88.8, 157.9, 246.7, 355.3, 483.6, 631.6, 799.4, 986.9};
  C t1 = {0, 12}, one = {1, 0}, t5 = {144, 0};
  C w = c_sub(one, fast_cexp(c_mul(t1, z)));
  C sum = {0, 0};
  for (int n = 0; n < 10; n++) {
    C t3 = {n % 2 ? 1.0 : -1.0, 0}, t4 = {dl[n], 0}, t6 = {an[n], 0};
    C top = c_sub(c_mul(t3, fast_cexp(c_mul(t1, z))), one);
    C bot = c_sub(t4, c_mul(t5, c_mul(z, z)));
    sum = c_add(sum, c_mul(t6, c_div(top, bot)));
  }
  return c_add(w, sum);
}
int main(void) {
  double out[256];
#pragma omp target teams distribute parallel for map(from: out)
  for (int k = 0; k < 256; k++) {
    C z = {0.001 * k, 0.5 + 0.002 * k};
    C w = faddeeva(z);
    out[k] = w.r + w.i;
  }
  return out[3] != out[3];
}
C
"$(dirname "$FERRY_GXX")/ferry-gcc" -O3 -save-temps faddeeva.c -o faddeeva -lm 2> build.txt ||
  { cat build.txt; fail "ferry-gcc does not build the Faddeeva sum"; }
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept for the Faddeeva sum"
reductions=$(tr -d '\000' < "$ptx" |
  awk '/FUNCTION DEF: __ferry_direct___ferryomp_main_[0-9_]*[0-9a-f]*$/ { body = 1; seen = 1; next }
       /^\/\/ BEGIN/ { body = 0 }
       body && /cvt\.rni\.f64\.f64/ { count++ }
       END { print seen ? count + 0 : "none" }')
[ "$reductions" = 1 ] ||
  fail "the Faddeeva sum's entry reduces its exponentials' argument $reductions times, not once"
cd .. || fail "no directory"

mkdir library && cd library || fail "no directory"
"$FERRY_GXX" -O2 -save-temps -fplugin-arg-ferry-library-maths ../k.cc -o k 2> build.txt ||
  { cat build.txt; fail "build with -fplugin-arg-ferry-library-maths failed"; }
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept with -fplugin-arg-ferry-library-maths"
tr -d '\000' < "$ptx" |
  awk '/FUNCTION DEF: __ferry_direct__Z[0-9]*clampediPKfPf_0$/ { body = 1; next }
       /^\/\/ BEGIN/ { body = 0 }
       body' > entry.ptx
grep -q "call.*expf" entry.ptx && grep -q "call.*logf" entry.ptx ||
  fail "with -fplugin-arg-ferry-library-maths the entry does not call the library's expf and logf"
echo "ok"
