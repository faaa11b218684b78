#!/bin/bash
# The twentieth session's run.  PART=1: RSBench unchanged (event, large)
# with the device maths of 6cebd41 (atan in registers, sin and cos beyond
# 2^30 reduced without newlib: the lookup entry at 112 registers where it
# had 166) against its CUDA and against the same build before 6cebd41
# (rs.ferry_old, plugin and header at cd276ec, first round only), two
# rounds alternated; HeCBench's lid-driven-cavity with its SOR loop capped
# at 2,000 iterations, unchanged otherwise (6d6efe2 makes its loop that
# changes its own variable a ferry kernel); HeCBench's cooling
# (.gpu/ho2/cooling.{cuda,ferry}: nvcc -std=c++17 -O3 -arch=sm_90 main.cu;
# ferry-g++ -std=c++17 -O3 *.cpp) and s3d (the same way, -q -n 100 -s 1);
# bench/device_math's kernels (.gpu/dm:
# maths.ferry and maths.cuda as its build.sh builds them) under ncu; the
# programs group on the direct path, the maths programs on the OpenMP
# path too.  PART=3: the programs group on both launch paths.  PART=2:
# the generated corpora and OpenMP_VV's pairs.  PART=4: the essentials of
# PART=1 when little device time is left.
# What ran (2026-12-07, H100; one machine in twelve tries): PART=4 at
# 06:38 UTC, whose ferry-test lines then extracted three folders without
# the manifest (fixed since), then by hand on the same machine the maths
# programs on both paths, the programs group on the direct path, RSBench's
# builds alternated, lid-driven-cavity and s3d (doc/gpu-results.md,
# "The maths in registers, held-out cooling and s3d").  PART=1, 2 and 3
# did not run.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/rs (rs.cuda: nvcc -O3 -arch=sm_90 -std=c++17 *.cu;
# rs.ferry and rs.ferry_old: ferry-gcc -std=gnu99 -O3 *.c -lm), .gpu/ho2
# (ldc2k.cuda: nvcc -std=c++17 -O3 -arch=sm_90 main.cu; ldc2k.ferry:
# ferry-g++ -std=c++17 -O3 main.cpp; it_max = 2000 in both),
# .gpu/p.tar.xz (ferry-test --prebuild /tmp/p programs) and, for PART=2,
# .gpu/{f,of,vv}.tar.xz (ferry-fuzz --prebuild /tmp/f --cases 600 --seed
# 7401; ferry-fuzz --openmp --prebuild /tmp/of --cases 120 --seed 74;
# openmp_vv_prebuild.sh /tmp/vv with FERRY_PLUGIN, FERRY_INCLUDE and
# FERRY_LIBDIR set).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  for round in 1 2; do
    for b in cuda ferry ferry_old; do
      [ $round = 2 ] && [ $b = ferry_old ] && continue
      [ -x .gpu/rs/rs.$b ] || continue
      FERRY_STATS=1 timeout 60 .gpu/rs/rs.$b -m event -s large > $logs/rs-$b-$round.txt 2>&1
      echo "rs.$b round $round exit $?: $(grep -a 'Runtime\|checksum\|Lookups/s\|ferry-path' $logs/rs-$b-$round.txt | tr -s ' ' | cut -c1-200 | tr '\n' ' ')"
    done
  done
  for b in cuda ferry; do
    FERRY_STATS=1 timeout 45 stdbuf -oL .gpu/ho2/ldc2k.$b > $logs/ldc2k-$b.txt 2>&1
    echo "ldc2k.$b exit $?: $(grep -a 'Time = \|execution time\|ferry-stats launches\|ferry-openmp\|ferry-graph' $logs/ldc2k-$b.txt | tail -n 6 | cut -c1-200 | tr '\n' ' ')"
  done
  # HeCBench's cooling, held out (pow, log and exp of doubles in a helper
  # of its region; its build stopped before 8176323).
  for b in cuda ferry; do
    echo "cooling.$b: $(FERRY_STATS=1 timeout 60 .gpu/ho2/cooling.$b 1000000 1000 2>&1 | grep -a 'time\|PASS\|FAIL\|ferry-path' | cut -c1-200 | tr '\n' ' ')"
  done
  # HeCBench's s3d, held out (exp, log and pow in its CUDA-style team
  # regions): its output compared afterwards with its host build's.
  for b in cuda ferry; do
    FERRY_STATS=1 timeout 60 .gpu/ho2/s3d.$b -q -n 100 -s 1 > $logs/s3d-$b.txt 2>&1
    echo "s3d.$b exit $?: $(grep -a 'Average\|ferry-stats' $logs/s3d-$b.txt | cut -c1-150 | tr '\n' ' ')"
  done
  # The maths kernels (powf, and exp + log of a double, now ferry's own).
  BUILDS="cuda ferry" timeout 90 bash bench/device_math/run.sh .gpu/dm 2>&1 | tail -n 24
  # The programs on the direct path (device_maths_functions checks the
  # maths' answers against the serial build's), the maths program on the
  # OpenMP path too.
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 90 python3 ferry-test -j 16 \
     --run-prebuilt /tmp/r/p) > $logs/programs-direct.log 2>&1
  tail -n 3 $logs/programs-direct.log
  grep -A8 "^FAIL" $logs/programs-direct.log | head -30
  (cd testsuite && FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 40 python3 ferry-test \
     -k math --run-prebuilt /tmp/r/p) 2>&1 | tail -n 4
  exit 0
fi
if [ "$part" = 4 ]; then
  # The essentials when little device time is left: RSBench (one round),
  # cooling, the maths programs on both paths, the maths kernels.
  for b in cuda ferry ferry_old; do
    FERRY_STATS=1 timeout 50 .gpu/rs/rs.$b -m event -s large > $logs/rs-$b.txt 2>&1
    echo "rs.$b exit $?: $(grep -a 'Runtime\|checksum\|Lookups/s\|ferry-path' $logs/rs-$b.txt | tr -s ' ' | cut -c1-200 | tr '\n' ' ')"
  done
  for b in cuda ferry; do
    echo "cooling.$b: $(FERRY_STATS=1 timeout 40 .gpu/ho2/cooling.$b 1000000 1000 2>&1 | grep -a 'time\|PASS\|FAIL' | cut -c1-200 | tr '\n' ' ')"
  done
  # (A prebuilt folder runs whole, with its manifest; -k picks the cases.)
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  for launch in auto omp; do
    (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 40 python3 ferry-test \
       -k math --run-prebuilt /tmp/r/p) 2>&1 | tail -n 3
  done
  BUILDS="cuda ferry" timeout 70 bash bench/device_math/run.sh .gpu/dm 2>&1 | tail -n 24
  exit 0
fi
if [ "$part" = 3 ]; then
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 150
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
