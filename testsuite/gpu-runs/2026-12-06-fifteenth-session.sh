#!/bin/bash
# The fifteenth session's run, on the H200 that issue 51's speed goal
# names, in two calls of the device's 600 s.  PART=1: the six apps whose
# OpenMP and CUDA versions time the same work
# (bench/openmp_apps/comparable_apps.txt), built unchanged with ferry-g++
# (at c2f715b plus the twins' linkage fix), GCC and nvcc, two rounds of
# CUDA and ferry one after the other, then GCC's once; each nbody kernel's
# time under ncu for CUDA and ferry; the programs group on the direct
# path.  PART=2: the programs group on FERRY_LAUNCH=omp; OpenMP_VV's
# pairs; loopback (a team region whose helpers call sqrtf, fminf, fmaxf,
# expf, logf, sincosf) built before plugin/device_math.cc and after,
# against its CUDA version; bench/device_math's loops under ncu in CUDA,
# ferry and GCC.  Expects .gpu/lib, .gpu/apps6.tar.xz (LIST=
# comparable_apps.txt build.sh /tmp/apps6), .gpu/p2.tar.xz (`ferry-test
# -j 2 --prebuild /tmp/p programs`), .gpu/vv2.tar.xz
# (openmp_vv_prebuild.sh /tmp/vv) and .gpu/maths
# (bench/device_math/build.sh, and loopback.{before,ferry,cuda}).
# PART=3, after <ferry/device_maths.hpp> (expf, logf, sinf, cosf and exp
# in the entries and, on nvptx, in the helpers): bench/device_math and
# loopback (before both changes, after the square roots alone, after
# both) under ncu; heat's and floydwarshall's kernels under ncu (200
# launches each, after the first 100), whose own timers measure
# submission or include the first launch's JIT; the programs group on
# both launch paths and OpenMP_VV's pairs, rebuilt (.gpu/p3.tar.xz,
# .gpu/vv3.tar.xz).  PART=4, after the fixes that PART=3 called for
# (879843d, 995c985): bench/device_math's ferry build under ncu, the
# programs group on the direct path, on FERRY_LAUNCH=omp the programs
# whose device code calls the C library's maths (device time was short),
# and OpenMP_VV's pairs, rebuilt.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
programs() {
  (cd testsuite && FERRY_LAUNCH=$1 FERRY_TEST_GPU=1 timeout 130 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-$1.log 2>&1
  echo "programs FERRY_LAUNCH=$1: $(tail -n 1 $logs/programs-$1.log)"
  grep -h -A8 "^FAIL" $logs/programs-$1.log | head -30
}
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null | head -1)
kernel_times() { # label, then the command: each kernel's mean time in us
  local label=$1; shift
  timeout 120 $ncu --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum "$@" > $logs/ncu-$label.csv 2>&1
  python3 - $logs/ncu-$label.csv "$label" <<'PY'
import csv, sys
times = {}
for r in csv.reader(open(sys.argv[1])):
    try:
        value = float(r[-1].replace(",", ""))
    except (ValueError, IndexError):
        continue
    if len(r) > 10:
        times.setdefault(r[4], []).append(value / 1000)
for name, t in times.items():
    print("%s: %-60s %5d launches %10.1f us" % (sys.argv[2], name[:60], len(t), sum(t) / len(t)))
PY
}
if [ "$part" = 4 ]; then
  BUILDS=ferry bash bench/device_math/run.sh .gpu/maths 2>&1 | tee $logs/device-math.txt
  xz -dc .gpu/p3.tar.xz | tar xf - -C /tmp/r
  xz -dc .gpu/vv3.tar.xz | tar xf - -C /tmp/r
  programs auto
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
  python3 -c 'import json; json.dump(["programs/%s.cc" % n for n in
    "device_math device_maths_functions fast_math openmp_regions_library_calls direct_frames direct_shapes openmp_regions_promised device_helpers".split()],
    open("/tmp/r/p/manifest.json", "w"))'
  programs omp
  exit 0
fi
if [ "$part" = 3 ]; then
  bash bench/device_math/run.sh .gpu/maths 2>&1 | tee $logs/device-math.txt
  for build in cuda before sqrt ferry; do
    kernel_times loopback-$build .gpu/maths/loopback.$build 0 3
  done
  xz -dc .gpu/apps6.tar.xz | tar xf - -C /tmp/r
  for build in cuda ferry; do
    kernel_times heat-$build --launch-skip 100 --launch-count 200 /tmp/r/apps6/heat.$build 4096 1000
    kernel_times floydwarshall-$build --launch-skip 100 --launch-count 200 /tmp/r/apps6/floydwarshall.$build 1024 100 16
  done
  xz -dc .gpu/p3.tar.xz | tar xf - -C /tmp/r
  programs auto
  programs omp
  xz -dc .gpu/vv3.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
  exit 0
fi
xz -dc .gpu/p2.tar.xz | tar xf - -C /tmp/r
if [ "$part" = 1 ]; then
  xz -dc .gpu/apps6.tar.xz | tar xf - -C /tmp/r
  (cd bench/openmp_apps && LIST=comparable_apps.txt ROUNDS=2 APP_TIMEOUT=60 \
     BUILDS="cuda ferry" bash run.sh /tmp/r/apps6) > $logs/apps.log 2>&1
  grep -a -h "^=== \|PASS\|FAIL\|[Tt]ime\|GB/s\|Performance\|per step\|^Dot\|^--- exit" $logs/apps.log | cut -c1-160
  for build in cuda ferry; do
    [ -n "$ncu" ] && timeout 90 $ncu --clock-control none --csv --print-units base \
      --metrics gpu__time_duration.sum /tmp/r/apps6/nbody.$build 16000 10 > $logs/nbody-$build-ncu.csv 2>&1
    echo "nbody $build under ncu: exit $?"
  done
  programs auto
  (cd bench/openmp_apps && LIST=comparable_apps.txt ROUNDS=1 APP_TIMEOUT=30 \
     BUILDS="gcc" bash run.sh /tmp/r/apps6) > $logs/apps-gcc.log 2>&1
  grep -a -h "^=== \|[Tt]ime\|GB/s\|Performance\|per step\|^Dot\|^--- exit" $logs/apps-gcc.log | cut -c1-160
  exit 0
fi
for build in cuda before ferry; do
  FERRY_STATS=1 timeout 40 .gpu/maths/loopback.$build 0 10 > $logs/loopback-$build.txt 2>&1
  echo "loopback $build (0 10): exit $?; $(grep -a -h 'time\|ferry-path' $logs/loopback-$build.txt | cut -c1-150 | tr '\n' ' ')"
done
bash bench/device_math/run.sh .gpu/maths 2>&1 | tee $logs/device-math.txt
programs auto
programs omp
xz -dc .gpu/vv2.tar.xz | tar xf - -C /tmp/r
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
