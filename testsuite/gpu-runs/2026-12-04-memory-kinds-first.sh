#!/bin/bash
# The first run of doc/gpu-results-2026-12-01.md, "Memory as programs allocate it"
# (2026-12-04, 19:14 UTC): the programs group on both launch paths (two
# failures, mended since), the fuzz corpora of seeds 4901 (only its first
# 200 cases ran before the time limit) and 4902, copies of 4.5 GiB, a
# launch loop, and a program's own target region.  Expects .gpu/lib
# and .gpu/lib2 (libferry before and after the stack-limit change),
# .gpu/p49.tar.xz, .gpu/f49.tar.xz, .gpu/f49b.tar.xz (ferry-fuzz
# --prebuild f49b --cases 500 --seed 4902), and .gpu/probes/ (hugecopy:
# a 4.5 GiB std::vector<unsigned char> that two kernels over a span flip;
# loop: 20,000 launches over 4,096 doubles; simdown: a program's own simd
# region with a local array, with ferry-g++ and, as simdown.gcc, g++).
# Run from the repository root, with $OUT set.
set -u
root=$PWD
export LD_LIBRARY_PATH=$root/.gpu/lib2
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; uname -r) > $logs/machine.txt
for a in p49 f49 f49b; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
cd testsuite
FERRY_TEST_GPU=1 timeout 140 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p49 > $logs/programs-direct.log 2>&1
echo "rc=$?" >> $logs/programs-direct.log
FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 150 python3 ferry-test -j 16 --run-prebuilt /tmp/r/p49 > $logs/programs-omp.log 2>&1
echo "rc=$?" >> $logs/programs-omp.log
for corpus in f49 f49b; do
  FERRY_TEST_GPU=1 timeout 100 python3 ferry-fuzz --run-prebuilt /tmp/r/$corpus -j 16 > $logs/fuzz-$corpus.log 2>&1
  echo "rc=$?" >> $logs/fuzz-$corpus.log
done
cd $root
p=.gpu/probes
for launch in direct omp; do
  env=; [ $launch = omp ] && env=FERRY_LAUNCH=omp
  (echo "== hugecopy $launch"; env $env FERRY_STATS=1 timeout 60 $p/hugecopy; echo "rc=$?"
   echo "== loop $launch"; env $env timeout 30 $p/loop 20000) >> $logs/probes.log 2>&1
done
(echo "== hugecopy serial"; timeout 60 $p/hugecopy.serial
 echo "== simdown g++"; timeout 30 $p/simdown.gcc; echo "rc=$?"
 echo "== simdown ferry-g++, libferry before"; LD_LIBRARY_PATH=$root/.gpu/lib timeout 30 $p/simdown; echo "rc=$?"
 echo "== simdown ferry-g++, libferry after"; timeout 30 $p/simdown; echo "rc=$?") >> $logs/probes.log 2>&1
tail -n 3 $logs/programs-direct.log $logs/programs-omp.log $logs/fuzz-*.log
grep -h "^FAIL" $logs/programs-*.log | head -20
grep -v "^ferry-path" $logs/probes.log
