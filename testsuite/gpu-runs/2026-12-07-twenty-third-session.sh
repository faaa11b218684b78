#!/bin/bash
# The twenty-third session's run.  PART=1: the programs group on both
# launch paths, at 430eb98 (the twenty-second session's last six commits
# never ran on a GPU: helpers' device maths, a team loop's block width,
# linear clauses); the OpenMP programs at d4f06d9 (.gpu/p2.tar.xz: maps on
# team regions, stepped team loops, team reductions with two barriers) and
# stencil1d (.gpu/t, both taken since); adamw's ferry build, which stopped
# with SIGSEGV and no output, unbuffered and under gdb.  PART=2: the
# generated corpora and OpenMP_VV's pairs (.gpu/{f,of,vv}.tar.xz, rebuilt
# at 430eb98), then the team-loop programs that finished in the last
# session's run and stencil1d, CUDA and ferry (ferry's at d4f06d9).
# PART=3: RSBench's lookup kernel (event, large) under ncu, its CUDA and
# ferry's build at 430eb98, to find where ferry's 2.16x goes. Expects
# .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/p.tar.xz, .gpu/rs/rs.{cuda,ferry} (build_c.sh's builds),
# .gpu/tl.tar.xz (bench/openmp_apps/build.sh with
# LIST=team_loop_apps.txt).  Logs go under /tmp/logs, packed into
# $OUT/logs-PART.tgz as the run ends.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 110
  # The OpenMP programs at this session's commits (maps on team regions,
  # stepped team loops), each team program's paths under FERRY_STATS.
  xz -dc .gpu/p2.tar.xz | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-test -j 16 \
     --run-prebuilt /tmp/r/p2) > $logs/programs-openmp-head.log 2>&1
  tail -n 2 $logs/programs-openmp-head.log; grep -a -A8 "^FAIL" $logs/programs-openmp-head.log | head -n 20
  for t in openmp_team_region_maps openmp_team_loops openmp_serial_regions openmp_nested_parallel_for; do
    echo "$t: $(cd /tmp/r/p2/$t && FERRY_DEVICE=gpu FERRY_STATS=1 timeout 20 ./ferry.bin 2>&1 >/dev/null | grep -a 'ferry-stats\|ferry-path' | sed 's/(.*//' | awk '{print $2, $4, $5}' | tr '\n' ';' | cut -c1-400)"
  done
  (cd .gpu/t && for b in cuda ferry; do
     echo "stencil1d.$b: $(FERRY_STATS=1 timeout 30 ./stencil1d.$b 16777216 10 2>&1 | grep -a 'time\|PASS\|FAIL\|ferry-path' | cut -c1-140 | tr '\n' ' ')"
   done)
  xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp
  FERRY_STATS=1 timeout 15 stdbuf -oL -eL /tmp/tlapps/adamw.ferry 1000000 100 > $logs/adamw.txt 2>&1
  echo "adamw.ferry: exit $? $(tail -n 4 $logs/adamw.txt | cut -c1-200 | tr '\n' ' ')"
  if command -v gdb > /dev/null; then
    timeout 30 gdb -batch -ex run -ex bt --args /tmp/tlapps/adamw.ferry 1000000 2 \
      > $logs/adamw-gdb.txt 2>&1
    grep -a -A14 "SIGSEGV" $logs/adamw-gdb.txt | head -n 20
  fi
  exit 0
fi
if [ "$part" = 3 ]; then
  cd .gpu/rs || exit 1
  for b in cuda ferry; do
    echo "rs.$b: $(FERRY_STATS=1 timeout 30 ./rs.$b -m event -s large 2>&1 | grep -a -i 'runtime\|lookups/s\|valid\|launches=\|ferry-path\|ferry-module' | cut -c1-160 | tr '\n' ' ')"
  done
  sections="--section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section InstructionStats --section ComputeWorkloadAnalysis --section SchedulerStats --section SourceCounters"
  timeout 150 ncu --clock-control none $sections -k regex:xs_lookup_kernel_baseline \
    --launch-count 1 -o $logs/rs-cuda ./rs.cuda -m event -s large > $logs/ncu-cuda.txt 2>&1
  timeout 200 ncu --clock-control none $sections -k regex:__ferry_direct \
    --launch-count 1 -o $logs/rs-ferry ./rs.ferry -m event -s large > $logs/ncu-ferry.txt 2>&1
  for b in cuda ferry; do
    ncu --import $logs/rs-$b.ncu-rep --page details --csv > $logs/rs-$b-details.csv 2>&1
    ncu --import $logs/rs-$b.ncu-rep --page source --csv --print-source sass > $logs/rs-$b-sass.csv 2>&1
    grep -a "Duration\|Registers Per\|Achieved Occupancy\|Executed Instructions\"\|Issue Slots Busy\|No Eligible" $logs/rs-$b-details.csv | cut -d, -f12- | head -n 12
  done
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp
  LIST=team_loop_apps.txt BUILDS="cuda ferry" ROUNDS=1 APP_TIMEOUT=15 \
    bash bench/openmp_apps/run.sh /tmp/tlapps > $logs/team-loops.txt 2>&1
  grep -a -i "=== \|time\|pass\|fail\|error\|--- exit" $logs/team-loops.txt |
    grep -av "^ferry-module\|^ferry-launch" | cut -c1-150 | head -n 150
  exit 0
fi
