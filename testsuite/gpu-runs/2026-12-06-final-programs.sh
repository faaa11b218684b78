#!/bin/bash
# The fourteenth session's last run: the programs group built with the
# session's last plugin (the team regions' twins and captures and the
# serial regions in openmp_team_regions and openmp_serial_regions had not
# run on a GPU in a program that checks them), on both launch paths, and
# which paths those two programs' regions took (LAUNCHES=auto: the direct
# path alone, where device time is short).  Expects .gpu/lib and
# .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p programs`).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
for launch in ${LAUNCHES:-auto omp}; do
  (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 140 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-$launch.log 2>&1
  echo "programs FERRY_LAUNCH=$launch: $(tail -n 1 $logs/programs-$launch.log)"
  grep -h -A12 "^FAIL" $logs/programs-$launch.log | head -30
done
for program in openmp_team_regions openmp_serial_regions; do
  binary=/tmp/r/p/$program/ferry.bin
  FERRY_STATS=1 timeout 20 $binary > $logs/$program.txt 2>&1
  echo "$program ($binary): exit $?"; grep -a "ferry-path" $logs/$program.txt | cut -c1-150
done
