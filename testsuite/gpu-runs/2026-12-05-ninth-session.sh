#!/bin/bash
# The ninth session's runs, none made yet (the session had no device
# time): C programs through ferry-gcc, and the shapes of XSBench's and
# RSBench's OpenMP offload loops.
# Expects .gpu/lib (libferry of this session, Debian's libgomp and its nvptx
# plugin); .gpu/anl with xsbench.{gcc,ferry} and rsbench.ferry built by
# `bench/openmp_apps/build_c.sh .gpu/anl` here (GCC 12 cannot build
# rsbench.gcc) and the two checkouts' cuda/ folders in .gpu/anl/xsbench-cuda
# and .gpu/anl/rsbench-cuda; .gpu/vv.tar.xz (`openmp_vv_prebuild.sh
# /tmp/vv`, the C tests now with gcc and ferry-gcc), .gpu/p.tar.xz
# (`ferry-test -j 2 --prebuild /tmp/p`) and .gpu/of.tar.xz (`ferry-fuzz
# --openmp --prebuild /tmp/of --cases 160 --seed 5`).
# Calls: `... .sh apps` (nvcc builds the CUDA versions there, then
# run.sh runs cuda, ferry and gcc once each, LIST=c_apps.txt),
# `... .sh checks` (OpenMP_VV, the programs group on both launch paths,
# the OpenMP fuzz corpus).
set -u
part=${1:?usage: 2026-12-05-ninth-session.sh apps|checks}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
cat $logs/machine.txt
if [ "$part" = apps ]; then
  for app in xsbench rsbench; do
    (cd .gpu/anl/$app-cuda && /usr/local/cuda/bin/nvcc -O3 -arch=sm_90 \
       -std=c++14 ./*.cu -o ../$app.cuda -lm) > $logs/$app-nvcc.log 2>&1 ||
      echo "FAILED $app.cuda"
  done
  LIST=c_apps.txt ROUNDS=1 APP_TIMEOUT=120 bash bench/openmp_apps/run.sh \
    .gpu/anl > $logs/anl-apps.log 2>&1
  grep -h "^===\|Runtime\|Lookups/s\|checksum\|ferry-stats\|^--- exit" \
    $logs/anl-apps.log
else
  for a in vv p of; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 200
  (cd testsuite && FERRY_TEST_GPU=1 timeout 150 python3 ferry-fuzz -j 8 \
     --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
  tail -2 $logs/openmp-fuzz.log
fi
