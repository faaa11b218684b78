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
# PART=3: RSBench's lookup (2 million lookups) under ncu's full set, for
# its CUDA and ferry builds, and both kernels' SASS (.gpu/rs/rs.ferry.cubin:
# ferry-cubin sm_90 on rs.ferry's frames module), into $OUT/rs-ncu.tgz.
# PART=4: clock reads that wait for the launches still running
# (hooks/clock_hooks.cc): programs/timers_wait_for_kernels.cc (.gpu/t/timers,
# ferry-g++ -O2) with the wait and without it (FERRY_CLOCKS_WAIT=0, which
# must say "misses") and on the OpenMP path; the programs group on both
# paths with that libferry; HeCBench programs no session had built
# (bench/openmp_apps/fresh_apps.txt, .gpu/fresh.tar.xz from build.sh and
# nvcc by hand for norm2, -lcublas, and lavaMD, with its util/*.cu),
# unchanged, CUDA and ferry alternated, two rounds.
# PART=7 (for the next session, not run): what this session changed after
# its device time ran out: aobench and lavaMD rebuilt (0360a6f: a struct
# held by reference; 26dc7e0, fe96453: a team region's struct) against their
# CUDA, entropy's stop naming its kernels (the check's message), and
# coherence_parallel_bodies ten times with and without FERRY_CLOCKS_WAIT.
# What ran (2026-12-07, H100; the H200 was not lent): PART=1 at 07:39 UTC,
# PART=2 at 07:43 (and bench/device_math from the cubin and the PTX), then
# PART=4, which ran past its 590 s with its output held for the end
# (nothing came back), PART=5 at 08:10 and PART=6 at 08:12; PART=3 got no
# machine (doc/gpu-results.md, "Cubins linked at build time, the corpora"
# and "Clock reads that wait, held-out HeCBench programs").
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
if [ "$part" = 3 ]; then
  ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  dump=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
  mkdir -p /tmp/ncu
  "$dump" -sass .gpu/rs/rs.cuda > /tmp/ncu/cuda.sass 2>&1
  "$dump" -sass .gpu/rs/rs.ferry.cubin > /tmp/ncu/ferry.sass 2>&1
  for b in cuda ferry; do
    timeout 200 "$ncu" --clock-control none --set full --import-source no \
      -k 'regex:xs_lookup_kernel|__ferry_direct' -c 1 -o /tmp/ncu/$b \
      .gpu/rs/rs.$b -m event -s large -l 2000000 > /tmp/ncu/$b-run.txt 2>&1
    "$ncu" -i /tmp/ncu/$b.ncu-rep --page details > /tmp/ncu/$b-details.txt 2>&1
    "$ncu" -i /tmp/ncu/$b.ncu-rep --page source --csv --print-source sass \
      > /tmp/ncu/$b-source.csv 2>&1
    grep -a "Duration\|Executed Ipc\|Registers\|Achieved Occupancy\|Executed Instructions " /tmp/ncu/$b-details.txt | head -n 8
  done
  tar czf $OUT/rs-ncu.tgz --exclude='*.ncu-rep' -C /tmp ncu
  exit 0
fi
if [ "$part" = 7 ]; then
  # .gpu/t: parallel_bodies (the prebuilt coherence_parallel_bodies),
  # entropy.ferry, and aobench.{cuda,ferry}, lavaMD.{cuda,ferry} built as
  # bench/openmp_apps/build.sh builds them with LIST=fresh_apps.txt.
  cd .gpu/t || exit 1
  for wait in 1 0; do
    failures=0
    for i in $(seq 10); do
      FERRY_DEVICE=gpu FERRY_CLOCKS_WAIT=$wait timeout 20 ./parallel_bodies > run.txt 2>&1 ||
        { failures=$((failures + 1)); tail -n 2 run.txt; }
    done
    echo "coherence_parallel_bodies FERRY_CLOCKS_WAIT=$wait: $failures of 10 failed"
  done
  echo "entropy: $(timeout 30 ./entropy.ferry 1024 1024 10 2>&1 | tail -n 2 | tr '\n' ' ')"
  for app in aobench lavaMD; do
    args=100; [ $app = lavaMD ] && args="-boxes1d 30"
    for b in cuda ferry; do
      echo "$app.$b: $(FERRY_STATS=1 timeout 30 ./$app.$b $args 2>&1 | grep -a 'time\|launches=\|ferry-path' | cut -c1-140 | tr '\n' ' ')"
    done
  done
  exit 0
fi
if [ "$part" = 6 ]; then
  # PART=4 cut to the device time left: the programs group on the direct
  # path, the fresh apps once each, 15 s at most a run.
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-test -j 16 \
     --run-prebuilt /tmp/r/p) > $logs/programs-direct.log 2>&1
  tail -n 2 $logs/programs-direct.log; grep -a -A6 "^FAIL" $logs/programs-direct.log | head -n 20
  tar czf $OUT/logs-6.tgz -C /tmp logs
  xz -dc .gpu/fresh.tar.xz | tar xf - -C /tmp
  LIST=fresh_apps.txt BUILDS="cuda ferry" ROUNDS=1 APP_TIMEOUT=15 \
    bash bench/openmp_apps/run.sh /tmp/fresh 2>&1 | tee $logs/fresh.txt |
    grep -a -i "=== \|time\|pass\|fail\|error\|--- exit" | grep -av "^ferry-" | cut -c1-140
  exit 0
fi
if [ "$part" = 5 ]; then
  # Short: each step bounded, results written as they come, a stack dump
  # of a run still going after 20 s (FERRY_CLOCKS_WAIT=1, then 0).
  xz -dc .gpu/fresh.tar.xz | tar xf - -C /tmp
  step() { # NAME SECONDS COMMAND...
    local name=$1 limit=$2; shift 2
    ( "$@" > $logs/$name.txt 2>&1 & pid=$!
      sleep 20
      if kill -0 $pid 2>/dev/null; then
        (command -v gdb > /dev/null && gdb -batch -p $pid -ex 'thread apply all bt 12' ||
           cat /proc/$pid/task/*/stack) > $logs/$name-stack.txt 2>&1
        sleep $((limit - 20)); kill -9 $pid 2>/dev/null; echo "$name: KILLED after $limit s"
      fi
      wait $pid; echo "$name exit $?: $(grep -a -i 'covers\|misses\|time\|pass\|fail' $logs/$name.txt | head -n 4 | cut -c1-120 | tr '\n' ' ')" )
    tar czf $OUT/logs-5.tgz -C /tmp logs
  }
  step timers-wait 30 env FERRY_CLOCKS_WAIT=1 .gpu/t/timers
  step timers-nowait 30 env FERRY_CLOCKS_WAIT=0 .gpu/t/timers
  step bsearch-wait 30 env FERRY_STATS=1 /tmp/fresh/bsearch.ferry 8388608 100
  step bsearch-nowait 30 env FERRY_STATS=1 FERRY_CLOCKS_WAIT=0 /tmp/fresh/bsearch.ferry 8388608 100
  step bsearch-cuda 30 /tmp/fresh/bsearch.cuda 8388608 100
  exit 0
fi
if [ "$part" = 4 ]; then
  for way in "FERRY_CLOCKS_WAIT=1" "FERRY_CLOCKS_WAIT=0" "FERRY_LAUNCH=omp"; do
    echo "timers $way: $(env $way timeout 60 .gpu/t/timers 2>&1 | tr '\n' ' ')"
  done
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 150
  xz -dc .gpu/fresh.tar.xz | tar xf - -C /tmp
  LIST=fresh_apps.txt BUILDS="cuda ferry" ROUNDS=2 APP_TIMEOUT=60 \
    bash bench/openmp_apps/run.sh /tmp/fresh > $logs/fresh.txt 2>&1
  grep -a -i "=== \|time\|pass\|fail\|error\|--- exit" $logs/fresh.txt | grep -av "^ferry-" | cut -c1-150 | head -n 150
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
