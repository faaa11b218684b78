#!/bin/bash
# The fourteenth session's first run: what the thirteenth session's review
# changed, on a GPU (OpenMP_VV's pairs with ferry's builds rebuilt at
# d4b77c9; the programs group on both launch paths), then where nbody's
# step goes: each kernel's own time under ncu, ferry's build against the
# CUDA version and against the CUDA version with the OpenMP source's
# `1.0f / sqrtf` in place of `rsqrtf` (the cost of the precise maths
# alone), and two ferry builds with -fno-math-errno and -funroll-loops.
# Expects .gpu/lib, .gpu/vv.tar.xz, .gpu/p.tar.xz, .gpu/nb/nbody.* and
# .gpu/nbsrc/nbody-cuda{,-sqrt} (HeCBench's nbody-cuda, the second edited).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
(for v in nbody-cuda nbody-cuda-sqrt; do
   (cd .gpu/nbsrc/$v && /usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 \
      main.cu GSimulation.cu -o ../../nb/${v#nbody-}) > $logs/nvcc-$v.log 2>&1 || echo "FAILED $v"
 done) &
builds=$!
xz -dc .gpu/vv.tar.xz | tar xf - -C /tmp/r
xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
for launch in auto omp; do
  (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 120 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-$launch.log 2>&1
  echo "programs FERRY_LAUNCH=$launch: $(tail -n 1 $logs/programs-$launch.log)"
  grep -h -A8 "^FAIL" $logs/programs-$launch.log | head -20
done
wait $builds
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
for build in cuda cuda-sqrt ferry noerrno unroll; do
  timeout 30 .gpu/nb/$build 16000 10 > $logs/nbody-$build.txt 2>&1
  echo "nbody $build: exit $?; $(grep -a 'Average Performance\|Total Time' $logs/nbody-$build.txt | tr '\n' ' ')"
  [ -n "$ncu" ] || continue
  timeout 90 $ncu --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active \
    .gpu/nb/$build 16000 10 > $logs/nbody-$build-ncu.csv 2>&1
  awk -F'","' '/gpu__time_duration.sum/ { gsub(/"/, "", $NF); t[$5] += $NF; c[$5]++ }
               END { for (k in t) printf "  %-60.60s %3d launches, %10.1f us each\n", k, c[k], t[k] / c[k] / 1000 }' \
    $logs/nbody-$build-ncu.csv
  awk -F'","' '/launch__registers_per_thread|sm__warps_active/ { gsub(/"/, "", $NF); print "  " substr($5, 1, 50), $(NF-2), $NF }' \
    $logs/nbody-$build-ncu.csv | sort -u | head -8
done
