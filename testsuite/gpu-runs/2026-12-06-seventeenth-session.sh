#!/bin/bash
# The seventeenth session's run (plugin and libferry at 42a40c6 unless
# said).  PART=1, correctness after the maths changes that had not run on a
# GPU (053e975: no local's address in <ferry/device_maths.hpp>; 168904b:
# sin and cos of a double): the programs group on both launch paths, the
# generated corpus of kernels (every memory kind) and of OpenMP regions on
# both launch paths, and OpenMP_VV's pairs.  PART=2, held-out apps:
# HeCBench's md, haccmk, laplace3d, heat2d and lid-driven-cavity built
# unchanged (bench/openmp_apps/held_out_apps.txt: CUDA, ferry-g++, g++) and
# the kernel ports of all but the last (bench/ports/hecbench_port.py,
# <app>.port),
# same-run, with laplace3d's check on a 128^3 grid; and RSBench unchanged
# (its CUDA, ferry) with libferry's block size chosen by registers
# (01148e5, backed out in 5111454; .gpu/lib_regs) against without.
# Expects .gpu/lib (libferry, Debian's libgomp), .gpu/lib_regs (libferry
# with 01148e5), .gpu/{p,f,of,vv}.tar.xz (prebuilt as the sixteenth
# session's script says, fuzz seeds 7101 and 71), .gpu/ho (build.sh's
# <app>.{cuda,ferry,gcc} and hecbench_port.py's <app>.port) and .gpu/rs
# (rs.ferry by ferry-gcc, rs.cuda by nvcc -O3 -arch=sm_90).
# What ran (H200, 2026-12-06): PART=2 ran past the device tool's 600 s
# with nothing back (its runs of GCC's builds at full size); PART=3, 4 and
# 5 are the shorter runs that gave doc/ports.md's, doc/performance.md's and
# doc/gpu-results.md's figures; PART=1 did not run (no device time left).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 3 ]; then
  # Speed, one round (20:31 UTC): RSBench's CUDA, ferry, and ferry with
  # the block size by registers; each kernel port against its CUDA.
  for b in cuda ferry ferry_regs; do
    lib=.gpu/lib; [ $b = ferry_regs ] && lib=.gpu/lib_regs
    echo "rs $b: $(LD_LIBRARY_PATH=$PWD/$lib FERRY_STATS=1 timeout 40 .gpu/rs/rs.${b%_regs} -m event -s large 2>&1 | grep -a 'Runtime\|checksum\|ferry-path' | tr -s ' ' | cut -c1-250 | tr '\n' ' ')"
  done
  for a in "md 3 1000" "haccmk 1000" "laplace3d 512 512 512 100 0" "laplace3d 128 128 128 100 1" "heat2d 4096 4096 1000"; do
    set -- $a; n=$1; shift
    for b in cuda port; do
      echo "$n.$b $*: $(FERRY_STATS=1 timeout 40 .gpu/ho/$n.$b "$@" 2>&1 | grep -a 'execution\|usec/iter\|PASS\|FAIL\|RMS\|Max error\|ferry-stats' | cut -c1-200 | tr '\n' ' ')"
    done
  done
  exit 0
fi
if [ "$part" = 4 ]; then
  # Correctness with libferry's block size by registers (.gpu/lib_regs):
  # the programs on both launch paths, the kernel corpus on both.
  export LD_LIBRARY_PATH=$PWD/.gpu/lib_regs
  for archive in p f; do xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r; done
  # (The run had this helper's loop written inline, 110 s a path.)
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 110
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-fuzz -j 16 \
     --run-prebuilt /tmp/r/f) > $logs/fuzz.log 2>&1
  tail -n 2 $logs/fuzz.log
  exit 0
fi
if [ "$part" = 5 ]; then
  # The maths program's output on both paths (compared with its serial
  # build's afterwards), the unchanged builds, lid-driven-cavity.
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r p/device_maths_functions
  for launch in omp auto; do
    FERRY_DEVICE=gpu FERRY_LAUNCH=$launch timeout 30 /tmp/r/p/device_maths_functions/ferry.bin > $OUT/dmf-$launch.txt 2>&1
    echo "dmf $launch exit $?"
  done
  for a in "heat2d.cuda 4096 4096 1000" "heat2d.ferry 4096 4096 1000" "md.ferry 3 1000" "haccmk.ferry 1000" "laplace3d.ferry 512 512 512 100 0" "laplace3d.ferry 128 128 128 100 1"; do
    set -- $a; b=$1; shift
    echo "$b $*: $(FERRY_STATS=1 timeout 40 .gpu/ho/$b "$@" 2>&1 | grep -a 'execution\|usec\|PASS\|FAIL\|RMS\|Max error\|ferry-stats\|ferry-path' | cut -c1-220 | tr '\n' ' ')"
  done
  for b in cuda ferry; do
    echo "ldc.$b: $(FERRY_STATS=1 timeout 45 .gpu/ho/lid-driven-cavity.$b 2>&1 | tail -n 12 | cut -c1-200 | tr '\n' ' ')"
  done
  exit 0
fi
if [ "$part" = 1 ]; then
  for archive in p f of vv; do xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r; done
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 120
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-fuzz -j 16 \
     --run-prebuilt /tmp/r/f --keep $logs/f-failures) > $logs/fuzz.log 2>&1
  tail -n 2 $logs/fuzz.log
  (cd testsuite && FERRY_TEST_GPU=1 timeout 80 python3 ferry-fuzz -j 8 \
     --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
  tail -n 2 $logs/openmp-fuzz.log
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
  exit 0
fi
for round in 1 2; do
  for build in cuda ferry ferry_regs; do
    lib=.gpu/lib; [ $build = ferry_regs ] && lib=.gpu/lib_regs
    binary=.gpu/rs/rs.${build%_regs}
    LD_LIBRARY_PATH=$PWD/$lib FERRY_STATS=1 timeout 60 $binary -m event -s large > $logs/rsbench-$build-$round.txt 2>&1
    echo "rsbench $build round $round: exit $? $(grep -a 'Runtime\|checksum' $logs/rsbench-$build-$round.txt | tr -s ' ' | tr '\n' ' ')"
    grep -a "ferry-path" $logs/rsbench-$build-$round.txt | cut -c1-300
  done
done
apps=bench/openmp_apps
# run.sh reads its list beside itself.
cp $apps/run.sh /tmp/r/ && grep -v lid-driven $apps/held_out_apps.txt > /tmp/r/ported_apps.txt
ROUNDS=2 LIST=ported_apps.txt BUILDS="cuda port ferry gcc" APP_TIMEOUT=100 \
  bash /tmp/r/run.sh .gpu/ho > $logs/apps.log 2>&1
grep -a "^===\|^---\|kernel execution\|usec/iter\|PASS\|FAIL\|error" $logs/apps.log | cut -c1-160
for build in cuda port ferry gcc; do
  echo "laplace3d.$build 128^3 check: $(FERRY_STATS=1 timeout 60 .gpu/ho/laplace3d.$build 128 128 128 100 1 2>&1 | grep -a 'PASS\|FAIL\|RMS' | tr '\n' ' ')"
done
for build in cuda ferry gcc; do
  echo "=== lid-driven-cavity $build"
  FERRY_STATS=1 timeout 60 .gpu/ho/lid-driven-cavity.$build > $logs/ldc-$build.txt 2>&1
  echo "exit $?"; grep -a "Time = \|time\|ferry-stats\|ferry-path" $logs/ldc-$build.txt | tail -n 6 | cut -c1-200
done
