#!/bin/bash
# The table of targets (issue 50) on one H200: the programs group (prebuilt
# at the commit that recorded this run, with the two targets_* programs)
# on both launch paths, a fuzz corpus of every memory kind (seed 5001,
# 500 cases), and launch cost before (libferry at 12529fd, .gpu/lib2)
# and after (.gpu/lib3), the same binaries alternately.
# Expects .gpu/p50.tar.xz (ferry-test --prebuild p50), .gpu/f50.tar.xz
# (ferry-fuzz --prebuild f50 --cases 500 --seed 5001), .gpu/launch_ferry
# (ferry-g++ -O3 bench/launch/launch_ferry.cc) and .gpu/launch_cuda
# (nvcc -O3 -arch=sm_90 bench/launch/launch_cuda.cu).
# Run from the repository root, with $OUT set (the device tool sets it).
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib3
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p50 f50; do [ -f .gpu/$a.tar.xz ] && xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
cd testsuite
FERRY_TEST_GPU=1 timeout 110 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p50 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 160 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p50 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
if [ -d /tmp/r/f50 ]; then
  FERRY_TEST_GPU=1 timeout 150 python3 ferry-fuzz --run-prebuilt /tmp/r/f50 -j 16 > $logs/fuzz-f50.log 2>&1
  echo "rc=$?" >> $logs/fuzz-f50.log
fi
cd $root
(for round in 1 2 3; do
   for n in 256 1024; do
     echo "== round $round, $n elements"
     echo "-- cuda"; timeout 60 .gpu/launch_cuda $n 20000
     echo "-- ferry, libferry 12529fd"; LD_LIBRARY_PATH=$root/.gpu/lib2 timeout 60 .gpu/launch_ferry $n 20000
     echo "-- ferry, libferry now"; timeout 60 .gpu/launch_ferry $n 20000
   done
 done) > $logs/launch.log 2>&1
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
[ -f $logs/fuzz-f50.log ] && tail -n 3 $logs/fuzz-f50.log
grep -h -A6 "^FAIL" $logs/programs-*.log | head -40
grep -v "^$" $logs/launch.log | head -80
