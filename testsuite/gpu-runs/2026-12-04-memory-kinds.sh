#!/bin/bash
# The run of doc/gpu-results-2026-12-01.md, "Memory as programs allocate it"
# (2026-12-04, 19:25 UTC): the programs group on both launch paths, the
# fuzz corpus of seed 4901 (every memory kind), a program's own simd
# region with libferry before (.gpu/lib) and after (.gpu/lib2) the
# stack-limit change, and bench/suite's five variants at a small size.
# Expects .gpu/p49b.tar.xz (ferry-test --prebuild p49b), .gpu/f49.tar.xz
# (ferry-fuzz --prebuild f49 --cases 1500 --seed 4901), .gpu/probes/
# (ownsimd: programs/openmp_own_simd_region.cc with ferry-g++; ownsimd.gcc:
# the same with g++ -fopenmp -foffload=nvptx-none), and .gpu/suite/
# (bench/suite/build.sh, plus suite_omp_before built with all of
# ferry-g++'s -foffload options).
# Run from the repository root, with $OUT set (the device tool sets it).
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib2
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p49b f49; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
cd testsuite
FERRY_TEST_GPU=1 timeout 100 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p49b > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 150 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p49b > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
FERRY_TEST_GPU=1 timeout 240 python3 ferry-fuzz --run-prebuilt /tmp/r/f49 -j 16 > $logs/fuzz-f49.log 2>&1
echo "rc=$?" >> $logs/fuzz-f49.log
cd $root
p=.gpu/probes
(echo "== ownsimd g++"; timeout 30 $p/ownsimd.gcc; echo "rc=$?"
 echo "== ownsimd ferry-g++, libferry before"; LD_LIBRARY_PATH=$root/.gpu/lib timeout 30 $p/ownsimd; echo "rc=$?"
 echo "== ownsimd ferry-g++, libferry after"; timeout 30 $p/ownsimd; echo "rc=$?"
 s=.gpu/suite
 echo "== suite_omp with ferry's stack reserve (before)"; BENCH_SCALE=0.05 BENCH_REPS=0.05 timeout 60 $s/suite_omp_before | tail -3; echo "rc=${PIPESTATUS[0]}"
 echo "== bench/suite/run.sh, five variants, small"; BENCH_SCALE=0.05 BENCH_REPS=0.05 timeout 120 sh bench/suite/run.sh $s /tmp/suite.csv 2>&1 | tail -8; echo "rc=${PIPESTATUS[0]}"
 cut -d, -f2 /tmp/suite.csv | sort | uniq -c) > $logs/probes.log 2>&1
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log $logs/fuzz-f49.log
grep -h -A6 "^FAIL" $logs/programs-*.log | head -40
cat $logs/probes.log
