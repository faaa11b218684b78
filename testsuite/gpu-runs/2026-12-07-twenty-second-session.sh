#!/bin/bash
# The twenty-second session's run.  PART=1: the programs group on both
# launch paths (with programs/openmp_team_loops: team loops, 634f1db);
# what the twenty-first session changed after its device time ran out
# (its script's PART=7): coherence_parallel_bodies ten times with clock
# waits and ten without, entropy's stop naming its kernels, aobench and
# lavaMD rebuilt (a struct held by reference; a team region's struct)
# against their CUDA; then HeCBench's team-loop programs
# (bench/openmp_apps/team_loop_apps.txt, .gpu/tl.tar.xz from build.sh),
# CUDA and ferry, once each.  PART=2: the generated corpora and
# OpenMP_VV's pairs (.gpu/{f,of,vv}.tar.xz).  PART=3: the team-loop
# programs again, GCC's path, CUDA and ferry.
# What ran (2026-12-07, H100; the H200 was not lent): PART=1 at 11:31 UTC
# (doc/gpu-results.md, "Team loops, the twenty-first session's
# leftovers"); thirteen tries for a machine failed, eight before it and
# five after, and used the rest of the device time: PART=2, PART=3 and
# PART=4 did not run.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its
# nvptx plugin), .gpu/p.tar.xz (ferry-test --prebuild /tmp/p programs),
# .gpu/t (parallel_bodies: the prebuilt coherence_parallel_bodies;
# entropy.ferry, aobench.{cuda,ferry}, lavaMD.{cuda,ferry} as build.sh
# builds them with LIST=fresh_apps.txt).  Each step writes its log under
# /tmp/logs, packed into $OUT/logs-PART.tgz as the run ends.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
team_loop_apps() { # BUILDS ROUNDS
  [ -d /tmp/tlapps ] || xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp
  LIST=team_loop_apps.txt BUILDS="$1" ROUNDS=$2 APP_TIMEOUT=${APP_TIMEOUT:-20} \
    bash bench/openmp_apps/run.sh /tmp/tlapps > $logs/team-loops-$part.txt 2>&1
  grep -a -i "=== \|time\|pass\|fail\|error\|--- exit\|ferry-path.*team" $logs/team-loops-$part.txt |
    grep -av "^ferry-module\|^ferry-launch" | cut -c1-150 | head -n 150
}
if [ "$part" = 1 ]; then
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 120
  (cd .gpu/t || exit 1
   for wait in 1 0; do
     failures=0
     for i in $(seq 10); do
       FERRY_DEVICE=gpu FERRY_CLOCKS_WAIT=$wait timeout 20 ./parallel_bodies > run.txt 2>&1 ||
         { failures=$((failures + 1)); tail -n 2 run.txt; }
     done
     echo "coherence_parallel_bodies FERRY_CLOCKS_WAIT=$wait: $failures of 10 failed"
   done
   echo "entropy: $(timeout 30 ./entropy.ferry 1024 1024 10 2>&1 | tail -n 3 | cut -c1-300 | tr '\n' ' ')"
   for app in aobench lavaMD; do
     args=100; [ $app = lavaMD ] && args="-boxes1d 30"
     for b in cuda ferry; do
       echo "$app.$b: $(FERRY_STATS=1 timeout 30 ./$app.$b $args 2>&1 | grep -a 'time\|launches=\|ferry-path' | cut -c1-140 | tr '\n' ' ')"
     done
   done) 2>&1 | tee $logs/part7.txt
  team_loop_apps "cuda ferry" 1
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
if [ "$part" = 4 ]; then
  # After PART=1, in the device time left: the programs group on the
  # direct path (the helpers' device maths, 43f44f8; a team loop's block
  # no wider than its widest nested loop, the commit after); adamw's ferry
  # build, which stopped with SIGSEGV (exit 139) and no output, with its
  # output unbuffered and under gdb; then the team-loop programs that
  # finished in PART=1, and matern, rebuilt at that commit (.gpu/tl.tar.xz
  # holds only those).
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-test -j 16 \
     --run-prebuilt /tmp/r/p) > $logs/programs-direct.log 2>&1
  tail -n 2 $logs/programs-direct.log; grep -a -A8 "^FAIL" $logs/programs-direct.log | head -n 20
  xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp
  FERRY_STATS=1 timeout 15 stdbuf -oL -eL /tmp/tlapps/adamw.ferry 1000000 100 > $logs/adamw.txt 2>&1
  echo "adamw.ferry: exit $? $(tail -n 4 $logs/adamw.txt | cut -c1-200 | tr '\n' ' ')"
  if command -v gdb > /dev/null; then
    timeout 30 gdb -batch -ex run -ex bt --args /tmp/tlapps/adamw.ferry 1000000 2 \
      > $logs/adamw-gdb.txt 2>&1
    grep -a -A14 "SIGSEGV" $logs/adamw-gdb.txt | head -n 20
  fi
  team_loop_apps "cuda ferry" 1
  exit 0
fi
if [ "$part" = 3 ]; then
  team_loop_apps "gcc cuda ferry" 1
  exit 0
fi
