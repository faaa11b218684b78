#!/bin/bash
# The program's own target loops as ferry kernels (issue 51) on one H200:
# the programs group (prebuilt at the commit that recorded this run) on
# both launch paths, and OpenMP_VV's target tests built with g++ and with
# ferry-g++ (testsuite/gpu-runs/openmp_vv_prebuild.sh), each pair run
# here: ferry's build must pass where GCC's passes.
# Expects .gpu/lib5 (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/p62.tar.xz (ferry-test --prebuild p62) and .gpu/vv62.tar.xz.
# Run from the repository root, with $OUT set (the device tool sets it).
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib5
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
for a in p62 vv62; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
run_pair() {
  local gcc=$1 ferry=${1%.gcc}.ferry g=missing f=missing stats=""
  if [ -x "$gcc" ]; then timeout 60 "$gcc" > /dev/null 2>&1; g=$?; fi
  if [ -x "$ferry" ]; then
    FERRY_STATS=1 timeout 60 "$ferry" > /dev/null 2> "$ferry.err"; f=$?
    stats=$(grep -o "^ferry-stats launches=[0-9]*" "$ferry.err" | head -1)
  fi
  echo "$(basename ${gcc%.gcc}) gcc=$g ferry=$f ${stats#ferry-stats }"
}
export -f run_pair
ls /tmp/r/vv62/*.gcc | xargs -P 8 -n 1 bash -c 'run_pair "$0"' | sort > $logs/openmp_vv.txt
awk '{split($2,g,"="); split($3,f,"="); if (g[2]=="0" && f[2]!="0") bad++; if (g[2]=="0") gp++; if (f[2]=="0") fp++; n++}
     END {printf "openmp_vv: %d tests, GCC passes %d, ferry passes %d, ferry fails where GCC passes: %d\n", n, gp, fp, bad}' $logs/openmp_vv.txt | tee $logs/openmp_vv-summary.txt
grep -c "launches=[1-9]" $logs/openmp_vv.txt | sed 's/^/tests with ferry launches: /' >> $logs/openmp_vv-summary.txt
cd testsuite
FERRY_TEST_GPU=1 timeout 150 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p62 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 200 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p62 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
cd $root
cat $logs/openmp_vv-summary.txt
awk '{split($2,g,"="); split($3,f,"="); if (g[2]=="0" && f[2]!="0") print}' $logs/openmp_vv.txt | head -20
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log
grep -h -A8 "^FAIL" $logs/programs-*.log | head -60
