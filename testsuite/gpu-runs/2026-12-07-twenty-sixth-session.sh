#!/bin/bash
# Run on an H100: PART=3 only (22:29 UTC, one call of 300 s after an hour
# and a half of refused starts: the programs group's OpenMP path was cut
# off at 80 s, the OpenMP corpus and RSBench's profile did not run; they
# and PART=1's probe wait for the next machine).
# The twenty-sixth session's runs.  PART=1: RSBench's lookup profiled
# (probes/rsbench_profile/run.sh on .gpu/x7.tar.xz: RSBench 34b6447's
# OpenMP version built by ferry-gcc with the device sin and cos of
# 92214d8 (rs.ferry) and of bf8f4d2 (rs.ferry_branches), and its CUDA
# version),
# and su3_bench (isazi/su3_bench dce01b6, .gpu/su3.tar.xz: its OpenMP
# versions built unchanged by ferry-g++ at bf8f4d2, whose nests with short
# inner levels take several layers a block; its CUDA versions) timed
# twice.  PART=2: the programs group built at this session's head
# (.gpu/p26.tar.xz) on both launch paths, and the kernel corpus (every
# memory kind) and the OpenMP corpus built at it (.gpu/c26.tar.xz).
# PART=3: what one call can hold, for a session whose machine came late:
# su3_bench and RSBench's timings first, then the programs group on both
# launch paths, ParRes/Kernels, and while time is left the two corpora
# and RSBench's profile.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its
# nvptx plugin).  Logs go under /tmp/logs, packed into $OUT/logs-PART.tgz.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib PATH=$PATH:/usr/local/cuda/bin
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  xz -dc .gpu/x7.tar.xz | tar xf - -C /tmp
  xz -dc .gpu/su3.tar.xz | tar xf - -C /tmp
  (cd /tmp/su3
   for round in 1 2; do
     for build in cuda v0.ferry v1.ferry v2.ferry v3.ferry v4.ferry; do
       name=su3_$build; [ "$build" = cuda ] && name=su3.cuda
       FERRY_STATS=1 timeout 60 ./$name -v 1 > $logs/su3-$build-$round.txt 2>&1
       echo "su3 $build $round: exit $? $(grep -a 'Total execution time\|Checksum\|Total GFLOP' $logs/su3-$build-$round.txt | tr '\n' ' ') $(grep -a '^ferry-stats\|^ferry-path' $logs/su3-$build-$round.txt | cut -c1-100 | tr '\n' ' ')"
     done
   done
   FERRY_STATS=1 ./su3_v3.ferry -v 1 2>&1 | grep -a -i "geometry\|threads a block" | head -n 3)
  bash testsuite/gpu-runs/probes/rsbench_profile/run.sh /tmp/x7 $logs
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in p26 c26; do
    xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 150
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
if [ "$part" = 3 ]; then
  start=$(date +%s)
  xz -dc .gpu/x7.tar.xz | tar xf - -C /tmp
  xz -dc .gpu/su3.tar.xz | tar xf - -C /tmp
  (cd /tmp/su3
   for build in cuda v0.ferry v2.ferry v3.ferry v4.ferry cuda v3.ferry; do
     name=su3_$build; [ "$build" = cuda ] && name=su3.cuda
     FERRY_STATS=1 timeout 40 ./$name -v 1 > $logs/su3-$build.txt 2>&1
     echo "su3 $build: exit $? $(grep -a 'Total execution time\|Checksum' $logs/su3-$build.txt | cut -c1-60 | tr '\n' ' ') $(grep -a '^ferry-path' $logs/su3-$build.txt | cut -c1-60 | tr '\n' ' ')"
   done
   FERRY_STATS=1 ./su3_v3.ferry -v 1 2>&1 | grep -a "threads a block" | cut -c1-300 | head -n 2)
  (cd /tmp/x7
   for build in cuda ferry ferry_branches ferry; do
     echo "rs.$build: $(timeout 30 ./rs.$build -m event -s large 2>&1 | grep -a -i 'runtime\|valid' | tr '\n' ' ')"
   done)
  for archive in p26 c26; do
    xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 80
  echo "elapsed $(( $(date +%s) - start )) s"
  # ParRes/Kernels 04248b66 (.gpu/prk.tar.xz, never run on a GPU here):
  # its C++ OpenMP target programs built unchanged by ferry-g++ at
  # b16005a, its CUDA ones by nvcc -O3 -arch=sm_90, each timing itself.
  xz -dc .gpu/prk.tar.xz | tar xf - -C /tmp
  (cd /tmp/prkb
   for round in 1; do
     for build in stencil-cuda stencil-openmp-target.ferry; do
       echo "prk $build 100 8000: $(FERRY_STATS=1 timeout 40 ./$build 100 8000 2>&1 | grep -a 'validates\|Rate\|ERROR\|error\|^ferry-path' | cut -c1-120 | tr '\n' ' ')"
     done
     for build in nstream-cuda nstream-openmp-target.ferry; do
       echo "prk $build 100 100000000: $(FERRY_STATS=1 timeout 40 ./$build 100 100000000 2>&1 | grep -a 'validates\|Rate\|ERROR\|error\|^ferry-path' | cut -c1-120 | tr '\n' ' ')"
     done
   done
   echo "prk transpose 10 4000: $(FERRY_STATS=1 timeout 40 ./transpose-openmp-target.ferry 10 4000 2>&1 | grep -a 'validates\|Rate\|ERROR\|^ferry-path' | cut -c1-120 | tr '\n' ' ')")
  echo "elapsed $(( $(date +%s) - start )) s"
  [ $(( $(date +%s) - start )) -lt 240 ] &&
    bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  echo "elapsed $(( $(date +%s) - start )) s"
  if [ $(( $(date +%s) - start )) -lt 260 ]; then
    (cd /tmp/x7
     timeout 100 ncu --clock-control none -k 'regex:xs_lookup_kernel_baseline|__ferry_direct' -c 1 \
       --section SpeedOfLight --section WarpStateStats --section Occupancy --section LaunchStats \
       --section InstructionStats -o $logs/rs-ferry ./rs.ferry -m event -s large -l 1000000 > $logs/rs-ferry-run.txt 2>&1
     echo "ncu ferry: exit $? $(grep -a -i 'error\|fail' $logs/rs-ferry-run.txt | head -n 3 | tr '\n' ' ')"
     ncu -i $logs/rs-ferry.ncu-rep --page details > $logs/rs-ferry-details.txt 2>&1
     grep -a -i "duration\|registers per\|achieved occupancy\|executed ipc\|warp cycles per issued\|executed instructions \|stall" $logs/rs-ferry-details.txt | head -n 16
     rm -f $logs/rs-ferry.ncu-rep)
  fi
  exit 0
fi
