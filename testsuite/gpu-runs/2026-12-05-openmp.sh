#!/bin/bash
# The program's own target loops as ferry kernels (issue 51) on one H200:
# the programs group (prebuilt at the commit that recorded this run) on
# both launch paths, and OpenMP_VV's target tests built with g++ and with
# ferry-g++ (testsuite/gpu-runs/openmp_vv_prebuild.sh), each pair run
# here: ferry's build must pass where GCC's passes.
# Expects .gpu/lib5 (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/p62.tar.xz (ferry-test --prebuild p62) and .gpu/vv62.tar.xz.
# Run from the repository root, with $OUT set (the device tool sets it).
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib5
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p62 vv62; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv62 $logs/openmp_vv.txt | tee $logs/openmp_vv-summary.txt
cd testsuite
FERRY_TEST_GPU=1 timeout 150 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p62 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 200 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p62 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
cd $root
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
grep -h -A8 "^FAIL" $logs/programs-*.log | head -60
