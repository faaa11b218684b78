#!/bin/bash
# The eleventh session's run: the programs group with this session's
# plugin on the direct path, OpenMP_VV's five tests that failed with
# ferry on the H100 at 01:28 UTC (the if and num_threads tests rebuilt
# after 6b08cae; the nowait test's output kept), XSBench and RSBench
# against their CUDA (now -std=c++17: CUDA 13's Thrust refuses C++14), and
# HeCBench's apps of bench/openmp_apps/apps.txt against their CUDA.
# Expects .gpu/lib (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p programs`),
# .gpu/vv5.tar.xz (those five tests, openmp_vv_prebuild.sh's build_one),
# .gpu/anl (as the ninth session's script), .gpu/hec (bench/openmp_apps/
# build.sh with NVCC=false: the gcc and ferry builds) and .gpu/hecsrc
# (HeCBench's src/ folders of those apps, git archive of f27000a), whose
# CUDA versions nvcc builds here.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
cat $logs/machine.txt
for a in p vv5; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
# nvcc builds the CUDA versions meanwhile, on the machine's other cores.
(for app in xsbench rsbench; do
   (cd .gpu/anl/$app-cuda && /usr/local/cuda/bin/nvcc -O3 -arch=sm_90 \
      -std=c++17 ./*.cu -o ../$app.cuda -lm) > $logs/$app-nvcc.log 2>&1 ||
     echo "FAILED $app.cuda"
 done
 grep -v '^#' bench/openmp_apps/apps.txt | while read -r name sources flags args; do
   [ "$flags" = "-" ] && flags=""
   (cd .gpu/hecsrc/$name-cuda && /usr/local/cuda/bin/nvcc -std=c++17 -O3 \
      -arch=sm_90 $flags $(ls *.cu) -o ../../hec/$name.cuda) \
     > $logs/$name-nvcc.log 2>&1 || echo "FAILED $name.cuda"
 done) > $logs/nvcc.txt 2>&1 &
builds=$!
# The direct path only: the device time left was short (the omp path passed
# 132 of 133 at 01:28, the one failure the test's own).
(cd testsuite && FERRY_LAUNCH=auto FERRY_TEST_GPU=1 timeout 120 \
   python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-direct.log 2>&1
tail -n 2 $logs/programs-direct.log
grep -h -A8 "^FAIL" $logs/programs-direct.log | head -30
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv5 $logs/openmp_vv5.txt 30
cat $logs/openmp_vv5.txt
for build in gcc ferry; do
  FERRY_STATS=1 timeout 30 /tmp/r/vv5/4.5_target_teams_distribute_test_target_teams_distribute_nowait.c.$build \
    > $logs/nowait-$build.txt 2>&1
  echo "nowait $build exit $?" >> $logs/nowait-$build.txt
done
tail -n 4 $logs/nowait-*.txt
wait $builds
cat $logs/nvcc.txt
LIST=c_apps.txt ROUNDS=1 APP_TIMEOUT=40 timeout 100 bash bench/openmp_apps/run.sh \
  .gpu/anl > $logs/anl-apps.log 2>&1
grep -h "^===\|Runtime\|Lookups/s\|checksum\|^--- exit" $logs/anl-apps.log
ROUNDS=1 APP_TIMEOUT=30 timeout 170 bash bench/openmp_apps/run.sh .gpu/hec \
  > $logs/hec-apps.log 2>&1
grep -h "^===\|^--- exit\|ferry-stats" $logs/hec-apps.log
