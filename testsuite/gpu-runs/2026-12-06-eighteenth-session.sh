#!/bin/bash
# The eighteenth session's run (plugin and libferry at b6e8527).  PART=1,
# correctness after the seventeenth session's changes that had not run on a
# GPU (a32cbcc, caded0b: ferry's maths on the OpenMP path of target loops
# and kernels; e2c3db0: the block size by registers; b6e8527: regions'
# `device` clauses): the programs group on
# both launch paths, with HeCBench's lid-driven-cavity built unchanged
# (.gpu/ho2/ldc.{cuda,ferry}) and with its SOR loop stopped at 2,000
# iterations a step (ldc2k.{cuda,gcc,ferry}: it_max = 2000 in both
# versions, the only edit) to see where the time goes.  PART=2: the
# generated corpus of kernels (every memory kind) on both paths and of
# OpenMP regions, and OpenMP_VV's pairs.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/{p,f,of,vv}.tar.xz (ferry-test --prebuild /tmp/p programs;
# ferry-fuzz --prebuild /tmp/f --cases 600 --seed 7201; ferry-fuzz --openmp
# --prebuild /tmp/of --cases 120 --seed 72; openmp_vv_prebuild.sh /tmp/vv)
# and .gpu/ho2 (bench/openmp_apps/build.sh's commands for the one app;
# md's builds as PART=3 says).
# What ran (H100: the H200 asked for was not lent; doc/gpu-results.md,
# "The maths of regions on a GPU, device clauses, vector loads"): PART=1
# at 23:32 UTC (its md lines printed nothing: the app's serial check runs
# past 30 s), PART=2 at 23:42 (OpenMP_VV had no ferry builds: the
# prebuild lacked FERRY_PLUGIN and FERRY_LIBDIR), PART=3 at 23:46.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  # md's kernel port (bench/ports/hecbench_port.py at b6e8527: md.port;
  # with -fplugin-arg-ferry-nc-loads: md.port_nc) against the plugin that
  # reads whole aligned 16-byte structs with one vector load (md.port_v;
  # with nc-loads: md.port_vnc), two rounds.
  for round in 1 2; do
    for b in cuda port port_nc port_v port_vnc; do
      echo "md.$b round $round: $(timeout 30 .gpu/ho2/md.$b 3 1000 2>&1 | grep -a 'execution\|usec\|error\|PASS\|FAIL' | cut -c1-120 | tr '\n' ' ')"
    done
  done
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 120
  for b in cuda gcc ferry; do
    FERRY_STATS=1 timeout 45 stdbuf -oL .gpu/ho2/ldc2k.$b > $logs/ldc2k-$b.txt 2>&1
    echo "ldc2k.$b exit $?: $(grep -a 'Time = \|execution time\|ferry-stats launches' $logs/ldc2k-$b.txt | tail -n 4 | cut -c1-160 | tr '\n' ' ')"
  done
  for b in cuda ferry; do
    FERRY_STATS=1 timeout 30 stdbuf -oL .gpu/ho2/ldc.$b > $logs/ldc-$b.txt 2>&1
    echo "ldc.$b exit $?: $(grep -a 'Time = \|execution time' $logs/ldc-$b.txt | tail -n 3 | cut -c1-160 | tr '\n' ' ')"
  done
  exit 0
fi
if [ "$part" = 3 ]; then
  # md's port (hecbench_port.py's md-port, `3 1000`) against its CUDA,
  # each build started 5 s after the last so that their kernels, which
  # run after the same set-up, never overlap; the serial check after them
  # takes some 30 s.
  i=0
  for b in cuda port port_v port_vnc port_nc; do
    (sleep $((i * 5)); timeout 75 .gpu/ho2/md.$b 3 1000 > $logs/md-$b.txt 2>&1) &
    i=$((i + 1))
  done
  wait
  for b in cuda port port_v port_vnc port_nc; do
    echo "== $b: $(grep -a 'error\|execution' $logs/md-$b.txt | tr '\n' ' ')"
  done
  exit 0
fi
if [ "$part" = 2 ]; then
  for archive in f of vv; do xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r; done
  # --run-prebuilt runs each case on both launch paths.
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-fuzz -j 16 \
     --run-prebuilt /tmp/r/f --keep $logs/f-failures) > $logs/fuzz.log 2>&1
  echo "kernel corpus: $(tail -n 1 $logs/fuzz.log)"
  (cd testsuite && FERRY_TEST_GPU=1 timeout 70 python3 ferry-fuzz -j 8 \
     --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
  echo "OpenMP corpus: $(tail -n 1 $logs/openmp-fuzz.log)"
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
  exit 0
fi
