#!/bin/bash
# The twenty-fourth session's run.  PART=1: the OpenMP programs at c11eb98
# (.gpu/p3.tar.xz; c10a89e's data construct around a region's own maps,
# which keeps an array's base firstprivate, never ran on a GPU); RSBench,
# CUDA and ferry (event, large), ferry's rebuilt from a clean checkout (the
# twenty-third session's "Duplicate node" was a stale -save-temps file,
# rs.ferry.xnvptx-none.c, that `*.c` compiled in: a second registration of
# the same offload table); adamw's ferry build with a backtrace printed at
# its fault (probes/segv_backtrace.c, .gpu/segv_backtrace.so); the
# programs group at c11eb98 on both launch paths (.gpu/p.tar.xz).  PART=2:
# the generated corpora and OpenMP_VV's pairs (.gpu/{f,of,vv}.tar.xz, built
# at 430eb98, the runtime unchanged since), then the team-loop programs,
# CUDA and ferry (.gpu/tl.tar.xz, ferry's at d4f06d9: two-barrier team
# reductions, not yet timed).  Expects .gpu/lib (stripped libferry.so.0,
# Debian's libgomp and its nvptx plugin).  Logs go under /tmp/logs,
# packed into $OUT/logs-PART.tgz as the run ends.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  xz -dc .gpu/p3.tar.xz | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 90 python3 ferry-test -j 16 \
     --run-prebuilt /tmp/r/p3) > $logs/programs-openmp-head.log 2>&1
  tail -n 2 $logs/programs-openmp-head.log; grep -a -A8 "^FAIL" $logs/programs-openmp-head.log | head -n 20
  for t in openmp_serial_regions openmp_team_region_maps openmp_team_loops openmp_nested_parallel_for; do
    echo "$t: $(cd /tmp/r/p3/$t && FERRY_DEVICE=gpu FERRY_STATS=1 timeout 20 ./ferry.bin 2>&1 >/dev/null | grep -a 'ferry-stats\|ferry-path\|libgomp' | sed 's/(.*//' | awk '{print $2, $4, $5}' | tr '\n' ';' | cut -c1-400)"
  done
  (cd .gpu/rs && for b in cuda ferry ferry; do
     echo "rs.$b: $(FERRY_STATS=1 BACKTRACE_AT_EXIT=1 LD_PRELOAD=$OLDPWD/.gpu/segv_backtrace.so timeout 30 ./rs.$b -m event -s large 2>&1 | grep -a -i 'runtime\|lookups/s\|valid\|launches=\|ferry-path\|libgomp\|backtrace' | cut -c1-160 | tr '\n' ' ')"
   done)
  xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp
  for size in 1000 1000000; do
    echo "== adamw.ferry $size 2"
    FERRY_STATS=1 LD_PRELOAD=$PWD/.gpu/segv_backtrace.so timeout 20 \
      /tmp/tlapps/adamw.ferry $size 2 > $logs/adamw-$size.txt 2>&1
    echo "exit $?"; tail -n 25 $logs/adamw-$size.txt | cut -c1-200
  done
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 110
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do
    [ -f .gpu/$archive.tar.xz ] && xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp
  LIST=team_loop_apps.txt BUILDS="cuda ferry" ROUNDS=1 APP_TIMEOUT=12 \
    timeout 300 bash bench/openmp_apps/run.sh /tmp/tlapps > $logs/team-loops.txt 2>&1
  grep -a -i "=== \|time\|pass\|fail\|error\|--- exit" $logs/team-loops.txt |
    grep -av "^ferry-module\|^ferry-launch" | cut -c1-150 | head -n 150
  exit 0
fi
