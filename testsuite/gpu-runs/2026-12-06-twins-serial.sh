#!/bin/bash
# The fourteenth session's second run, after the team entries' twins of
# helpers that ask the runtime, atomic captures in team entries, serial
# `target` regions as entries of one thread, and square roots without
# the errno check in ferry's entries: OpenMP_VV's pairs and the programs
# group on both launch paths, rebuilt; nbody against its CUDA (each
# kernel's time under ncu); the team-region apps of team_apps.txt, the
# old and the seven new ones, against their CUDA versions (built here);
# then the kernel fuzz corpus if one came.  Expects .gpu/lib,
# .gpu/vv.tar.xz, .gpu/p.tar.xz, .gpu/team3/*.ferry, .gpu/team.tar.xz
# (the earlier CUDA builds), .gpu/hecsrc/<name>-cuda, .gpu/nbsrc, and
# optionally .gpu/f.tar.xz (ferry-fuzz --prebuild).  PART=1: OpenMP_VV,
# the programs, nbody and the fuzz corpus; PART=2: OpenMP_VV and the team
# apps (two calls of the device's 600 s).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r .gpu/team
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
xz -dc .gpu/team.tar.xz | tar xf - -C .gpu/team
cp .gpu/team3/*.ferry .gpu/team/
(for dir in .gpu/hecsrc/*-cuda; do
   name=$(basename $dir -cuda)
   flags=$(awk -v n=$name '$1 == n { print $3 }' bench/openmp_apps/team_apps.txt)
   [ "$flags" = "-" ] && flags=""
   (cd $dir && sources=$(sed -n 's/^\(cuda_\|cpp_\)\{0,1\}source *= *//p' Makefile | tr '\n' ' ') &&
    /usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 $flags \
      ${sources:-$(ls *.cu)} -o ../../team/$name.cuda) > $logs/nvcc-$name.log 2>&1 || echo "FAILED $name.cuda"
 done
 (cd .gpu/nbsrc/nbody-cuda && /usr/local/cuda/bin/nvcc -std=c++17 -O3 -arch=sm_90 \
    main.cu GSimulation.cu -o ../../team/nbody.cuda) > $logs/nvcc-nbody.log 2>&1) &
builds=$!
if [ $part = 1 ]; then
xz -dc .gpu/vv.tar.xz | tar xf - -C /tmp/r
xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
for launch in auto omp; do
  (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 120 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-$launch.log 2>&1
  echo "programs FERRY_LAUNCH=$launch: $(tail -n 1 $logs/programs-$launch.log)"
  grep -h -A8 "^FAIL" $logs/programs-$launch.log | head -20
done
wait $builds
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
for build in cuda ferry; do
  timeout 30 .gpu/team/nbody.$build 16000 10 > $logs/nbody-$build.txt 2>&1
  echo "nbody $build: exit $?; $(grep -a 'Average Performance\|Total Time' $logs/nbody-$build.txt | tr '\n' ' ')"
  [ -n "$ncu" ] && timeout 90 $ncu --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum .gpu/team/nbody.$build 16000 10 > $logs/nbody-$build-ncu.csv 2>&1
done
if [ -f .gpu/f.tar.xz ]; then
  xz -dc .gpu/f.tar.xz | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 150 python3 ferry-fuzz --run-prebuilt /tmp/r/f -j 16) > $logs/fuzz.log 2>&1
  echo "fuzz corpus: $(tail -n 3 $logs/fuzz.log | tr '\n' ' ')"
fi
exit 0
fi
# PART=2: OpenMP_VV again (rebuilt after the entries took libgomp's
# copies of `declare target` variables), then the team apps.
xz -dc .gpu/vv.tar.xz | tar xf - -C /tmp/r
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
wait $builds
while read -r name args; do
  for build in cuda ferry; do
    FERRY_STATS=1 timeout 25 .gpu/team/$name.$build $args > $logs/$name-$build.txt 2>&1
    status=$?
    echo "== $name $build ($args): exit $status; $(grep -a -h -i 'PASS\|FAIL\|time\|error' $logs/$name-$build.txt | head -4 | tr '\n' ' ' | cut -c1-240)"
    [ $build = ferry ] && grep -a "ferry-path" $logs/$name-$build.txt | cut -c1-160 | head -4
  done
done <<'LIST'
reverse 100
backprop 65536
stencil3d 512 100
radixsort 1000
ntt 100000
split 33554432 1000
p4 10000
pns 22 100000 1000000
loopback 0 100
qtclustering --Verbose
LIST
