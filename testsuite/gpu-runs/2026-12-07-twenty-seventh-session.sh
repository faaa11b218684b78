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
# PART=2 (not run: the session's device time went to PART=1 and to
# starts that did not come): loops on the program's own omp_target_alloc
# blocks (1f86ee9), .gpu/p27.tar.xz built at 1a28bb9's parent: ParRes/
# Kernels 04248b66's C nstream-alloc and nstream-memcpy (ferry-gcc and
# gcc builds) beside its CUDA nstream (.gpu/prk.tar.xz), OpenMP_VV's
# tests of device memory (omp_target_alloc, use_device_ptr/addr,
# associate), and the programs group's openmp_regions_* programs
# (openmp_regions_device_blocks among them) on both launch paths.
if [ "$part" = 2 ]; then
  xz -dc .gpu/p27.tar.xz | tar xf - -C /tmp/r
  xz -dc .gpu/prk.tar.xz | tar xf - -C /tmp
  (cd /tmp/r/prk27
   for build in alloc-target.ferry memcpy-target.ferry alloc-target.gcc; do
     echo "prk nstream-$build 20 100000000: $(FERRY_STATS=1 timeout 20 ./nstream-$build 20 100000000 2>&1 | grep -a 'validates\|Avg time\|ERROR\|^ferry-stats\|^ferry-path' | cut -c1-110 | tr '\n' ' ')"
   done
   echo "prk nstream-cuda 20 100000000: $(timeout 20 /tmp/prkb/nstream-cuda 20 100000000 2>&1 | grep -a 'validates\|Avg time\|ERROR' | tr '\n' ' ')")
  elapsed
  mkdir -p /tmp/r/vv_device
  for pair in $(grep -l -a -E 'omp_target_alloc|use_device|associate_ptr' /tmp/r/vv/*.ferry); do
    ln -s "$pair" "${pair%.ferry}.gcc" /tmp/r/vv_device/
  done
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv_device $logs/openmp_vv_device.txt 15
  cat $logs/openmp_vv_device.txt
  elapsed
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 40
  elapsed
  exit 0
fi
