#!/bin/bash
# The twenty-seventh session's runs.  PART=1: what the twenty-sixth
# session built and could not run: RSBench's lookup profiled
# (probes/rsbench_profile/run.sh on .gpu/x7.tar.xz: RSBench 34b6447's
# OpenMP version built by ferry-gcc at 92214d8, its CUDA version), the
# programs group built at b16005a (.gpu/p26.tar.xz) on both launch paths,
# the kernel corpus (seed 2612) and the OpenMP corpus (seed 77) built
# there (.gpu/c26.tar.xz), and OpenMP_VV built at fd5b50c (.gpu/vv27.tar.xz,
# openmp_vv_prebuild.sh).
# Expects .gpu/lib (stripped libferry.so.0 of ABI 10, Debian's libgomp
# and its nvptx plugin).  Logs go under /tmp/logs, packed into
# $OUT/logs-PART.tgz.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib PATH=$PATH:/usr/local/cuda/bin
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
start=$(date +%s)
elapsed() { echo "elapsed $(( $(date +%s) - start )) s"; }
if [ "$part" = 1 ]; then
  xz -dc .gpu/x7.tar.xz | tar xf - -C /tmp
  for archive in p26 c26 vv27; do
    xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  timeout 280 bash testsuite/gpu-runs/probes/rsbench_profile/run.sh /tmp/x7 $logs
  elapsed
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 90
  elapsed
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  elapsed
  exit 0
fi
