#!/bin/bash
# Six HeCBench apps (bench/openmp_apps/apps.txt) built unchanged three
# ways on one H200: their OpenMP version with g++ and with ferry-g++, and
# their CUDA version with nvcc; bench/openmp_apps/run.sh runs them one
# after the other, ROUNDS times.
# Expects .gpu/lib5 and .gpu/apps62.tar.xz (bench/openmp_apps/build.sh).
# Run from the repository root, with $OUT set (the device tool sets it).
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib5
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
xz -dc .gpu/apps62.tar.xz | tar xf - -C /tmp/r
ROUNDS=${ROUNDS:-2} APP_TIMEOUT=${APP_TIMEOUT:-100} bash bench/openmp_apps/run.sh /tmp/r/apps62 > $logs/apps.log 2>&1
grep -E "^=== |^--- exit|[Tt]ime|GB/s|PASS|FAIL|ferry-stats" $logs/apps.log | head -150
