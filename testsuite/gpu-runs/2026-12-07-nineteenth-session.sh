#!/bin/bash
# The nineteenth session's run.  PART=1: where HeCBench's lid-driven-cavity
# spends its time under ferry (2.0 ms an SOR iteration against CUDA's
# 43 us on 12-06): its SOR loop stopped at 2,000 iterations a step
# (ldc2k.{cuda,ferry}: it_max = 2000, the only edit), the same with
# set_horz_pres_BCs' loop variable left unassigned (ldc2k.fixferry: `int
# col = (col2 * 2) - 1`, so that every region runs as a ferry kernel),
# each with FERRY_STATS, the ferry build also without automatic graphs;
# held-out one-process multi-GPU examples on this one GPU; then the
# programs group on both launch paths (SHORT=1: the direct one).
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/p.tar.xz (ferry-test --prebuild /tmp/p programs) and
# .gpu/ho2 (the ldc builds: ferry-g++ -std=c++17 -O3 main.cpp; nvcc
# -std=c++17 -O3 -arch=sm_90 *.cu; the held-out examples: ferry-g++ -O2,
# and g++ -O2 -fopenmp -foffload=nvptx-none with sm_80).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  # ferry_nographs: the same build with FERRY_AUTO_GRAPHS=0, in case the
  # automatic graph of the loop's four launches is what the region on
  # GCC's path between them breaks every iteration.
  for b in cuda ferry ferry_nographs fixferry; do
    graphs=1
    [ $b = ferry_nographs ] && graphs=0
    FERRY_AUTO_GRAPHS=$graphs FERRY_STATS=1 timeout 45 stdbuf -oL .gpu/ho2/ldc2k.${b%_nographs} > $logs/ldc2k-$b.txt 2>&1
    echo "ldc2k.$b exit $?: $(grep -a 'Time = \|execution time\|ferry-stats launches\|ferry-openmp\|ferry-graph' $logs/ldc2k-$b.txt | tail -n 6 | cut -c1-200 | tr '\n' ' ')"
  done
  # Held-out one-process multi-GPU examples on this one GPU (device 0;
  # hokkanen/omp-gpu's two, Intel's flat_openmp_01.cpp): g++'s offload
  # build against ferry-g++'s, -O2 both, outputs compared.
  for b in flat omp-multigpu-multithread omp-multigpu-singlethread; do
    timeout 20 .gpu/ho2/$b.gcc > $logs/$b.gcc.txt 2>&1; g=$?
    FERRY_STATS=1 timeout 20 .gpu/ho2/$b.ferry > $logs/$b.ferry.txt 2> $logs/$b.ferry.err; f=$?
    same=differ
    diff <(sed 's/([0-9.e+-]* s)//; s/time since begin: .*//' $logs/$b.gcc.txt) \
         <(sed 's/([0-9.e+-]* s)//; s/time since begin: .*//' $logs/$b.ferry.txt) > /dev/null && same=same
    echo "$b: gcc exit $g, ferry exit $f, outputs $same; $(grep -a 'ferry-stats' $logs/$b.ferry.err | cut -c1-120)"
  done
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  if [ "${SHORT:-0}" = 1 ]; then
    # Little device time left: the direct path alone.
    (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-test -j 16 \
       --run-prebuilt /tmp/r/p) > $logs/programs-direct.log 2>&1
    tail -n 3 $logs/programs-direct.log
    grep -A8 "^FAIL" $logs/programs-direct.log | head -40
  else
    bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 100
  fi
  exit 0
fi
if [ "$part" = 2 ]; then
  # The generated corpora after this session's lowering changes (shares
  # of arrays from a run-time start; frames of outlined parallel bodies):
  # kernels over every memory kind on both launch paths, the program's own
  # OpenMP regions, and OpenMP_VV's pairs.  Expects .gpu/{f,of,vv}.tar.xz
  # (ferry-fuzz --prebuild /tmp/f --cases 600 --seed 7301; ferry-fuzz
  # --openmp --prebuild /tmp/of --cases 120 --seed 73;
  # openmp_vv_prebuild.sh /tmp/vv with FERRY_PLUGIN, FERRY_INCLUDE and
  # FERRY_LIBDIR set).
  for archive in f of vv; do xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r; done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
