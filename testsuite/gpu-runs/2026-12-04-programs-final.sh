#!/bin/bash
# The programs group (prebuilt at 3e8c327) with libferry at d6ac0fd, on
# both launch paths.  Run from the repository root, with $OUT set.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib2
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
xz -dc .gpu/p49b.tar.xz | tar xf - -C /tmp/r
cd testsuite
FERRY_TEST_GPU=1 timeout 120 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p49b > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 170 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p49b > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
grep -h -A6 "^FAIL" $logs/programs-*.log | head -30
