#!/bin/bash
# The twentieth session's run.  PART=1: RSBench unchanged (event, large)
# with the device maths of 6cebd41 (atan in registers, sin and cos beyond
# 2^30 reduced without newlib: the lookup entry at 112 registers where it
# had 166) against its CUDA and against the same build before 6cebd41
# (rs.ferry_old, plugin and header at cd276ec), two rounds alternated;
# HeCBench's lid-driven-cavity with its SOR loop capped at 2,000
# iterations, unchanged otherwise (6d6efe2 makes its loop that changes its
# own variable a ferry kernel), and its profile under nsys where the
# machine has it; bench/device_math's kernels (.gpu/dm: maths.ferry and
# maths.cuda as its build.sh builds them) under ncu.  PART=3: the
# programs group on both launch paths.  PART=2: the generated corpora and
# OpenMP_VV's pairs.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/rs (rs.cuda: nvcc -O3 -arch=sm_90 -std=c++17 *.cu;
# rs.ferry and rs.ferry_old: ferry-gcc -std=gnu99 -O3 *.c -lm), .gpu/ho2
# (ldc2k.cuda: nvcc -std=c++17 -O3 -arch=sm_90 main.cu; ldc2k.ferry:
# ferry-g++ -std=c++17 -O3 main.cpp; it_max = 2000 in both),
# .gpu/p.tar.xz (ferry-test --prebuild /tmp/p programs) and, for PART=2,
# .gpu/{f,of,vv}.tar.xz (ferry-fuzz --prebuild /tmp/f --cases 600 --seed
# 7401; ferry-fuzz --openmp --prebuild /tmp/of --cases 120 --seed 74;
# openmp_vv_prebuild.sh /tmp/vv with FERRY_PLUGIN, FERRY_INCLUDE and
# FERRY_LIBDIR set).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  for round in 1 2; do
    for b in cuda ferry ferry_old; do
      [ -x .gpu/rs/rs.$b ] || continue
      FERRY_STATS=1 timeout 60 .gpu/rs/rs.$b -m event -s large > $logs/rs-$b-$round.txt 2>&1
      echo "rs.$b round $round exit $?: $(grep -a 'Runtime\|checksum\|Lookups/s\|ferry-path' $logs/rs-$b-$round.txt | tr -s ' ' | cut -c1-200 | tr '\n' ' ')"
    done
  done
  for b in cuda ferry; do
    FERRY_STATS=1 timeout 45 stdbuf -oL .gpu/ho2/ldc2k.$b > $logs/ldc2k-$b.txt 2>&1
    echo "ldc2k.$b exit $?: $(grep -a 'Time = \|execution time\|ferry-stats launches\|ferry-openmp\|ferry-graph' $logs/ldc2k-$b.txt | tail -n 6 | cut -c1-200 | tr '\n' ' ')"
  done
  # Where ferry's 96 us an SOR iteration go against CUDA's 36 (12-07:
  # the update's 27 us include waiting for the kernels): the host's calls
  # (driver API, system calls such as mprotect) and the kernels' times.
  if command -v nsys > /dev/null; then
    timeout 120 nsys profile -t cuda,osrt -o /tmp/ldc --force-overwrite true \
      .gpu/ho2/ldc2k.ferry > /dev/null 2>&1
    timeout 90 nsys stats -r cuda_api_sum,osrt_sum,cuda_gpu_kern_sum /tmp/ldc.nsys-rep \
      > $logs/ldc-nsys.txt 2>&1
    head -c 6000 $logs/ldc-nsys.txt | cut -c1-170
  fi
  # The maths kernels (powf and log of a double now ferry's own).
  BUILDS="cuda ferry" timeout 150 bash bench/device_math/run.sh .gpu/dm 2>&1 | tail -n 24
  exit 0
fi
if [ "$part" = 3 ]; then
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 150
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
