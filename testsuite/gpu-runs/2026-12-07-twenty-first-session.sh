#!/bin/bash
# The twenty-first session's run: the direct entries' cubin linked when
# the program is built (tools/ferry-cubin.cc) against the driver's JIT at
# the first launch.  PART=1: RSBench unchanged (event, large) with a cold
# JIT cache (CUDA_CACHE_DISABLE=1) and a warm one, its cubin
# (FERRY_CUBIN=1, the default) against its PTX (FERRY_CUBIN=0), and its
# CUDA; lid-driven-cavity (it_max = 2000) the same two ways cold;
# bench/device_math's kernels under ncu (exp of a double is pow's exp
# since 38c9de8); the programs group on both launch paths, built with
# their cubins.  PART=2: the generated corpora and OpenMP_VV's pairs.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/rs (rs.cuda: nvcc -O3 -arch=sm_90 -std=c++17 *.cu;
# rs.ferry: ferry-gcc -std=gnu99 -O3 *.c -lm), .gpu/ho2 (ldc2k.cuda:
# nvcc -std=c++17 -O3 -arch=sm_90 main.cu; ldc2k.ferry: ferry-g++
# -std=c++17 -O3 main.cpp), .gpu/dm (bench/device_math/build.sh),
# .gpu/p.tar.xz (ferry-test --prebuild /tmp/p programs) and, for PART=2,
# .gpu/{f,of,vv}.tar.xz (ferry-fuzz --prebuild /tmp/f --cases 600 --seed
# 7402; ferry-fuzz --openmp --prebuild /tmp/of --cases 120 --seed 75;
# openmp_vv_prebuild.sh /tmp/vv).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
rs() { # NAME ENVIRONMENT... : one RSBench run, its figures on one line
  local name=$1; shift
  env FERRY_STATS=1 "$@" timeout 60 .gpu/rs/rs.${name%%-*} -m event -s large > $logs/rs-$name.txt 2>&1
  echo "rs $name $*: exit $? $(grep -a 'Runtime\|checksum\|ferry-module' $logs/rs-$name.txt | tr -s ' ' | cut -c1-160 | tr '\n' ' ')"
}
if [ "$part" = 1 ]; then
  rs cuda-cold CUDA_CACHE_DISABLE=1
  rs ferry-cold-cubin CUDA_CACHE_DISABLE=1
  rs ferry-cold-jit CUDA_CACHE_DISABLE=1 FERRY_CUBIN=0
  rs cuda-warm
  rs ferry-jit-fill FERRY_CUBIN=0
  for round in 1 2; do
    rs ferry-warm-jit-$round FERRY_CUBIN=0
    rs ferry-warm-cubin-$round
    rs cuda-warm-$round
  done
  for way in "FERRY_CUBIN=1" "FERRY_CUBIN=0"; do
    env CUDA_CACHE_DISABLE=1 FERRY_STATS=1 $way timeout 45 stdbuf -oL .gpu/ho2/ldc2k.ferry > $logs/ldc2k-$way.txt 2>&1
    echo "ldc2k.ferry $way cold exit $?: $(grep -a 'Time = \|execution time\|ferry-module' $logs/ldc2k-$way.txt | tail -n 3 | cut -c1-160 | tr '\n' ' ')"
  done
  CUDA_CACHE_DISABLE=1 timeout 45 .gpu/ho2/ldc2k.cuda > $logs/ldc2k-cuda.txt 2>&1
  echo "ldc2k.cuda cold exit $?: $(grep -a 'Time = \|execution time' $logs/ldc2k-cuda.txt | tail -n 2 | tr '\n' ' ')"
  BUILDS="cuda ferry" timeout 90 bash bench/device_math/run.sh .gpu/dm 2>&1 | tail -n 24
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 150
  # How each program's module was made, from its FERRY_STATS line.
  for program in /tmp/r/p/*/ferry.bin; do
    (cd "$(dirname "$program")" && FERRY_STATS=1 timeout 20 ./ferry.bin 2>&1 |
       grep -a -o "ferry-module.*link_ms=[0-9]*.*" | sed 's/.*link_ms=[0-9]*//')
  done | sort | uniq -c | sort -rn | head -n 12
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
