#!/bin/bash
# After 2026-12-05's sixth-session run: the openmp_regions_* programs,
# openmp_region_globals and openmp_sections_with_starts rebuilt with the
# plugin of 3f83aa0 (regions over present pointers that overlap take
# GCC's path; the two tests made conforming), on both launch paths; then
# the open failure of openmp_regions_mixed_paths narrowed: GCC's own nvptx
# build of it, and ferry's under each coherence and launch mode.
# Expects .gpu/lib, .gpu/q.tar.xz (`ferry-test -j 1 --prebuild /tmp/q -k
# openmp_re programs` with openmp_sections_with_starts added), .gpu/p.tar.xz
# (its openmp_regions_mixed_paths) and .gpu/mixed_gcc (`g++ -fopenmp
# -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -O2` of
# the test).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
mkdir -p /tmp/r
for a in q p; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
for launch in auto omp; do
  (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 200 \
     python3 ferry-test -j 8 --run-prebuilt /tmp/r/q) 2>&1 | grep -v "^PASS" | tail -30
done
echo "== GCC's own build of mixed_paths: $(./.gpu/mixed_gcc)"
t=/tmp/r/p/openmp_regions_mixed_paths
echo "== serial: $($t/serial.bin)"
for env in "" FERRY_COHERENCE=compiler FERRY_CHECK=1 FERRY_RESIDENCY=0 FERRY_LAUNCH=omp; do
  echo "-- ${env:-default}: $(env $env FERRY_STATS=1 timeout 60 $t/ferry.bin 2>/tmp/err.txt) rc=$?"
  grep -v "^ferry-path\|^ferry-images" /tmp/err.txt | head -8
done
