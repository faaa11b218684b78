#!/bin/bash
# The third run of 2026-12-05: libferry whose hooks of the program's own
# constructs bring back only what the device holds newer (READS), leaving
# the pages guarded against libgomp's writes; the programs of the openmp
# pattern (prebuilt p64: the openmp_regions_* ones, openmp_images_late,
# openmp_constructs, openmp_own_simd_region, targets_openmp_default_device)
# on both launch paths, and the OpenMP_VV pairs of vv62 again.
# Expects .gpu/lib7, .gpu/p64.tar.xz, .gpu/vv62.tar.xz.
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib7
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p64 vv62; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
cd testsuite
FERRY_TEST_GPU=1 timeout 60 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p64 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 60 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p64 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
cd $root
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
grep -h -A8 "^FAIL" $logs/programs-*.log | head -40
run_pair() {
  local gcc=$1 ferry=${1%.gcc}.ferry g=missing f=missing
  if [ -x "$gcc" ]; then timeout 30 "$gcc" > /dev/null 2>&1; g=$?; fi
  if [ -x "$ferry" ]; then timeout 30 "$ferry" > /dev/null 2>&1; f=$?; fi
  echo "$(basename ${gcc%.gcc}) gcc=$g ferry=$f"
}
export -f run_pair
ls /tmp/r/vv62/*.gcc | xargs -P 12 -n 1 bash -c 'run_pair "$0"' | sort > $logs/openmp_vv.txt
awk '{split($2,g,"="); split($3,f,"="); if (g[2]=="0" && f[2]!="0") bad++; if (g[2]=="0") gp++; if (f[2]=="0") fp++; n++}
     END {printf "openmp_vv: %d tests, GCC passes %d, ferry passes %d, ferry fails where GCC passes: %d\n", n, gp, fp, bad}' $logs/openmp_vv.txt
