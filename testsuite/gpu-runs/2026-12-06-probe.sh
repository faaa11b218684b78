#!/bin/bash
# The twelfth session's last run: the programs group on the direct path
# after the grid's x axis follows contiguous accesses (direct_grid_nests'
# column-major nests), jacobi against its CUDA with that change (its
# relaxation indexes f[i + j * N] over i, then j); why OpenMP_VV's
# target_teams_distribute_parallel_for_map_to (arrays of the function,
# mapped whole, 8,000 bytes each) stops with SIGSEGV under ferry on a GPU
# only, each runtime setting in turn; and the kernels' own times of nbody
# and jacobi, ferry against CUDA, under ncu (no Nsight Systems there).
# Expects .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p programs`),
# .gpu/lib, .gpu/probe/map_to.{gcc,ferry} (openmp_vv_prebuild.sh's
# build of that test), .gpu/hec/{nbody,jacobi}.ferry and .gpu/hecsrc (as
# the twelfth session's script), whose CUDA versions nvcc builds here.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(for name in jacobi nbody; do
   flags=$(awk -v n=$name '$1 == n { print $3 }' bench/openmp_apps/apps.txt)
   [ "$flags" = "-" ] && flags=""
   (cd .gpu/hecsrc/$name-cuda && /usr/local/cuda/bin/nvcc -std=c++17 -O3 \
      -arch=sm_90 $flags $(ls *.cu) -o ../../hec/$name.cuda) \
     > $logs/$name-nvcc.log 2>&1 || echo "FAILED $name.cuda"
 done) &
builds=$!
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
xz -dc .gpu/p.tar.xz | tar xf - -C /tmp
(cd testsuite && FERRY_LAUNCH=auto FERRY_TEST_GPU=1 timeout 100 \
   python3 ferry-test -j 16 --run-prebuilt /tmp/p) > $logs/programs-auto.log 2>&1
echo "programs FERRY_LAUNCH=auto: $(tail -n 1 $logs/programs-auto.log)"
grep -h -A8 "^FAIL" $logs/programs-auto.log | head -30
for setting in "" FERRY_LAUNCH=omp FERRY_RESIDENCY=0 FERRY_COHERENCE=compiler \
    FERRY_PINNED_COPIES=0 FERRY_SMALL_BLOCKS=0 FERRY_DEVICE=sim; do
  env FERRY_STATS=1 FERRY_TRACE=1 $setting timeout 20 .gpu/probe/map_to.ferry \
    > $logs/map_to-${setting:-default}.txt 2>&1
  echo "map_to ${setting:-default}: exit $?; $(tail -n 1 $logs/map_to-${setting:-default}.txt)"
done
if command -v gdb > /dev/null; then
  FERRY_STATS=1 timeout 30 gdb -q -batch -ex run -ex bt -ex 'info registers rip' \
    .gpu/probe/map_to.ferry > $logs/map_to-gdb.txt 2>&1
  grep -A25 "SIGSEGV" $logs/map_to-gdb.txt | head -40
fi
wait $builds
for build in cuda ferry; do
  FERRY_STATS=1 timeout 30 .gpu/hec/jacobi.$build > $logs/jacobi-$build.txt 2>&1
  echo "jacobi $build: $(grep -h "per iteration\|PASS\|FAIL" $logs/jacobi-$build.txt | tr '\n' ' ')"
done
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
echo "ncu: ${ncu:-none}"
if [ -n "$ncu" ]; then
  for build in cuda ferry; do
    timeout 45 "$ncu" --clock-control none --metrics gpu__time_duration.sum \
      -c 6 .gpu/hec/nbody.$build 16000 2 > $logs/nbody-$build-ncu.txt 2>&1
    grep -E "^  [A-Za-z_].*\(|gpu__time_duration" $logs/nbody-$build-ncu.txt | head -24
    timeout 30 "$ncu" --clock-control none --metrics gpu__time_duration.sum \
      -c 6 .gpu/hec/jacobi.$build > $logs/jacobi-$build-ncu.txt 2>&1
    grep -E "^  [A-Za-z_].*\(|gpu__time_duration" $logs/jacobi-$build-ncu.txt | head -20
  done
fi
if command -v strace > /dev/null; then
  FERRY_STATS=1 timeout 20 strace -c -f -o $logs/jacobi-strace.txt .gpu/hec/jacobi.ferry > /dev/null 2>&1
  head -20 $logs/jacobi-strace.txt
fi
