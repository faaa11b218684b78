#!/bin/bash
# The third run of 2026-12-05: libferry whose hooks of the program's own
# constructs bring back only what the device holds newer (READS), leaving
# the pages guarded against libgomp's writes; the programs of the openmp
# pattern (prebuilt p64: the openmp_regions_* ones, openmp_images_late,
# openmp_constructs, openmp_own_simd_region, targets_openmp_default_device)
# on both launch paths, and the OpenMP_VV pairs of vv62 again.
# Expects .gpu/lib7, .gpu/p64.tar.xz, .gpu/vv62.tar.xz.
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib7
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p64 vv62; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
cd testsuite
FERRY_TEST_GPU=1 timeout 60 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p64 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 60 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p64 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
cd $root
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
grep -h -A8 "^FAIL" $logs/programs-*.log | head -40
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv62 $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
