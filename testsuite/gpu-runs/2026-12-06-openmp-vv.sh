#!/bin/bash
# The thirteenth session's last run: OpenMP_VV's target tests, GCC's and
# ferry's builds of each (ferry's rebuilt after the team regions, the
# `barrier.sync` block barrier and the safelen and stack fixes), each
# stopped after 25 s.  Expects .gpu/lib and .gpu/vv.tar.xz
# (openmp_vv_prebuild.sh /tmp/vv).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
xz -dc .gpu/vv.tar.xz | tar xf - -C /tmp/r
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
