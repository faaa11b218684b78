#!/bin/sh
# libferry holds the program's offload images back from libgomp until the
# first OpenMP construct that may need them (runtime/hooks/openmp_hooks.cc),
# as the ferry-images line of FERRY_STATS=1 reports it: a run whose kernels
# never reach an OpenMP region gives libgomp none, the first target region
# or target update of a declare target variable gives it the image, so
# does an enter data construct that maps one, not one that maps the
# program's own arrays only nor a region whose `if` is false (it runs on
# the host), and omp_target_is_present of a declare
# target variable (present once its image is loaded), not of
# other memory, which libferry asks about each buffer,
# FERRY_DEFER_IMAGES=0 gives it at registration, an image with OpenACC
# functions goes at once (OpenACC's constructs do not release held images),
# and the answers do not change.  Runs against the build tree (see
# ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cstdio>
#include <cstring>
#include <omp.h>
#pragma omp declare target
int factor = 1;
#pragma omp end declare target
[[ferry::kernel]] void twice(int n, [[ferry::borrow_mut(n)]] double *v) {
  for (int i = 0; i < n; ++i) v[i] *= 2;
}
int main(int argc, char **argv) {
  // MODE: "kernel", "constructs" (an update, the kernel, a region),
  // "present" (of the declare target variable), "heap" (of other memory),
  // "data" (enter and exit data of the stack's array), "declared" (enter
  // data of the declare target variable), "fallback" (a region whose `if`
  // is false)
  const char *mode = argc > 1 ? argv[1] : "";
  double v[4] = {1, 2, 3, 4};
  if (std::strcmp(mode, "present") == 0)
    std::printf("present %d\n",
                omp_target_is_present(&factor, omp_get_default_device()));
  if (std::strcmp(mode, "heap") == 0)
    std::printf("heap present %d\n",
                omp_target_is_present(v, omp_get_default_device()));
  if (std::strcmp(mode, "data") == 0) {
#pragma omp target enter data map(to : v[0 : 4])
#pragma omp target exit data map(from : v[0 : 4])
  }
  if (std::strcmp(mode, "declared") == 0) {
#pragma omp target enter data map(to : factor)
    std::printf("present %d\n",
                omp_target_is_present(&factor, omp_get_default_device()));
  }
  if (std::strcmp(mode, "fallback") == 0) {
    const bool offload = argc > 5;
#pragma omp target teams distribute parallel for if (offload) map(tofrom : v[0 : 4])
    for (int i = 0; i < 4; ++i)
      v[i] += 1;
  }
  const bool constructs = std::strcmp(mode, "constructs") == 0;
  if (constructs) {
    factor = 3;
#pragma omp target update to(factor)
  }
  if (constructs || std::strcmp(mode, "kernel") == 0) twice(4, v);
  if (constructs) {
#pragma omp target map(tofrom : v[0 : 4])
    for (int i = 0; i < 4; ++i) v[i] *= factor;
  }
  std::printf("%g %g\n", v[0], v[3]);
}
CC
"$FERRY_GXX" -O2 "$dir/k.cc" -o "$dir/k" 2> "$dir/build.txt" ||
  { cat "$dir/build.txt"; fail "build failed"; }

images() { echo "$1" | grep '^ferry-images '; }
given() { echo "ferry-images registered=1 given_to_libgomp=$1"; }

# expect WHAT MODE OUTPUT GIVEN [VARIABLE=VALUE...]: `k MODE`, with those
# variables, prints OUTPUT and gives libgomp GIVEN images; WHAT says what
# that shows.
expect() {
  what=$1 mode=$2 output=$3 images_given=$4
  shift 4
  out=$(env "$@" FERRY_STATS=1 "$dir/k" $mode 2>&1) || fail "$what: the run failed: $out"
  echo "$out" | grep -q "^$output\$" || fail "$what: wrong output: $out"
  [ "$(images "$out")" = "$(given "$images_given")" ] || fail "$what: $out"
}
expect "no construct, no image" "" "1 4" 0
expect "the kernel's region gives the image" kernel "2 8" \
  "1 (before an OpenMP target region)" FERRY_DEVICE=sim
expect "the target update gives the image" constructs "6 24" \
  "1 (before an OpenMP target update)"
expect "omp_target_is_present of factor gives the image" present "present 1" \
  "1 (before omp_target_is_present of a declare target variable)"
expect "omp_target_is_present of other memory gives none" heap \
  "heap present 1" 0
expect "enter data of the program's own array gives none" data "1 4" 0
expect "a region whose if is false gives none" fallback "2 5" 0
expect "enter data of a declare target variable gives the image" declared \
  "present 1" "1 (before an OpenMP target enter or exit data construct)"
expect "FERRY_DEFER_IMAGES=0 gives the image at once" "" "1 4" \
  "1 (FERRY_DEFER_IMAGES=0)" FERRY_DEFER_IMAGES=0

# GCC 12's mkoffload takes -fopenacc or -fopenmp, never both, so OpenACC
# comes into a ferry program as a library built without ferry-g++.
cat > "$dir/acc.cc" <<'CC'
extern "C" float acc_count(int n) {
  static float a[1000];
#pragma acc parallel loop copy(a)
  for (int i = 0; i < n; ++i) a[i] += 1;
  return a[n - 1];
}
CC
cat > "$dir/main.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cstdio>
extern "C" float acc_count(int n);
[[ferry::kernel]] void twice(int n, [[ferry::borrow_mut(n)]] double *v) {
  for (int i = 0; i < n; ++i) v[i] *= 2;
}
int main() {
  double v[4] = {1, 2, 3, 4};
  twice(4, v);
  std::printf("%g %g\n", v[3], acc_count(1000));
}
CC
g++ -O2 -fPIC -shared -fopenacc -foffload=nvptx-none \
  -foffload-options=nvptx-none=-misa=sm_80 -Wl,-z,notext "$dir/acc.cc" \
  -o "$dir/libacc.so" 2> "$dir/build.txt" ||
  { cat "$dir/build.txt"; fail "OpenACC library build failed"; }
"$FERRY_GXX" -O2 "$dir/main.cc" -L"$dir" -Wl,-rpath,"$dir" -lacc \
  -o "$dir/acc" 2> "$dir/build.txt" ||
  { cat "$dir/build.txt"; fail "build with the OpenACC library failed"; }
out=$(FERRY_DEVICE=sim FERRY_STATS=1 "$dir/acc" 2>&1) || fail "OpenACC run failed: $out"
echo "$out" | grep -q '^8 1$' || fail "wrong result with OpenACC: $out"
echo "$out" | grep -q '^ferry-images registered=2 given_to_libgomp=2 (not an OpenMP nvptx image)$' ||
  fail "the OpenACC image was held back: $out"
echo "ok"
