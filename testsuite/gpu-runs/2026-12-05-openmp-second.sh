#!/bin/bash
# The second run of 2026-12-05: libferry with the program's own OpenMP
# constructs settling the host bytes their maps move (hooks/openmp_hooks.cc),
# the programs group of p62 with the four openmp_regions_* programs rebuilt
# (p63: openmp_regions_in_callers_data no longer calls a region outside a
# data region, which is not valid on a GPU), both launch paths, and the
# OpenMP_VV pairs of vv62 again (ferry's builds link libferry).
# Expects .gpu/lib6, .gpu/p62.tar.xz, .gpu/p63.tar.xz, .gpu/vv62.tar.xz.
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib6
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p62 p63 vv62; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
cp -r /tmp/r/p63/openmp_regions_* /tmp/r/p62/
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv62 $logs/openmp_vv.txt | tee $logs/openmp_vv-summary.txt
cd testsuite
FERRY_TEST_GPU=1 timeout 170 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p62 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 200 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p62 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
cd $root
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
grep -h -A8 "^FAIL" $logs/programs-*.log | head -50
