#!/bin/bash
# The twelfth session's last run, cut to the device time left: the
# programs group on the direct path after the grid's x axis follows
# contiguous accesses (direct_grid_nests' column-major nests), jacobi
# against its CUDA with that change (its relaxation indexes f[i + j * N]
# over i, then j), and OpenMP_VV's
# target_teams_distribute_parallel_for_map_to, which stopped with SIGSEGV
# under ferry on the GPU only, under each runtime setting in turn.
# Expects what 2026-12-06-probe.sh expects.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(cd .gpu/hecsrc/jacobi-cuda && /usr/local/cuda/bin/nvcc -std=c++17 -O3 \
   -arch=sm_90 main.cu -o ../../hec/jacobi.cuda) > $logs/jacobi-nvcc.log 2>&1 &
builds=$!
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
for setting in "" FERRY_LAUNCH=omp FERRY_RESIDENCY=0 FERRY_COHERENCE=compiler \
    FERRY_PINNED_COPIES=0 FERRY_DEVICE=sim; do
  env FERRY_STATS=1 FERRY_TRACE=1 $setting timeout 10 .gpu/probe/map_to.ferry \
    > $logs/map_to-${setting:-default}.txt 2>&1
  echo "map_to ${setting:-default}: exit $?; $(tail -n 1 $logs/map_to-${setting:-default}.txt)"
done
tail -n 12 $logs/map_to-default.txt
xz -dc .gpu/p.tar.xz | tar xf - -C /tmp
(cd testsuite && FERRY_LAUNCH=auto FERRY_TEST_GPU=1 timeout 75 \
   python3 ferry-test -j 16 --run-prebuilt /tmp/p) > $logs/programs-auto.log 2>&1
echo "programs FERRY_LAUNCH=auto: $(tail -n 1 $logs/programs-auto.log)"
grep -h -A8 "^FAIL" $logs/programs-auto.log | head -30
wait $builds
for build in cuda ferry; do
  FERRY_STATS=1 timeout 15 .gpu/hec/jacobi.$build > $logs/jacobi-$build.txt 2>&1
  echo "jacobi $build: $(grep -h "per iteration\|PASS\|FAIL\|ferry-path" $logs/jacobi-$build.txt | cut -c1-160 | tr '\n' ' ')"
done
