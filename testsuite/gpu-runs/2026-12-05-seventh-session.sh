#!/bin/bash
# The seventh session's run: the programs group on both launch paths
# (openmp_regions_mixed_paths with the program's constructs taking their
# sections out of ferry's residency first; the stride, sweep, globals and
# run-time overlap changes of the sixth session's end, not yet on a GPU);
# that test again by itself, against GCC's own nvptx build of it and in
# each coherence mode; the first OpenMP fuzz corpus on a GPU (ferry-g++'s
# build of each right region, both launch paths, against g++'s GPU build);
# the kernel fuzz corpus with every memory kind, both launch paths (the
# read windows change copies); OpenMP_VV's pairs.
# Expects .gpu/lib (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p`), .gpu/of.tar.xz
# (`ferry-fuzz --openmp --prebuild /tmp/of --cases 160 --seed 5`),
# .gpu/f.tar.xz (`ferry-fuzz --prebuild /tmp/f --cases 400 --seed 90417`),
# .gpu/vv.tar.xz (`openmp_vv_prebuild.sh /tmp/vv`) and .gpu/mixed_gcc
# (`g++ -fopenmp -foffload=nvptx-none
# -foffload-options=nvptx-none=-misa=sm_80 -O2` of openmp_regions_mixed_paths).
# Part 3: TeaLeaf (UoB-HPC/TeaLeaf e70261c), its OpenMP target version
# built unchanged by ferry-g++ and by g++ (`-std=c++17 -O3 -DOMP_TARGET
# -DDIFFUSE_OVERLOAD -DNO_MPI -Idriver -Isrc/omp driver/*.cpp
# src/omp/*.cpp`, g++ with -fopenmp -foffload=nvptx-none
# -foffload-options=nvptx-none=-misa=sm_80), and its CUDA version by the
# same authors (`nvcc -x cu -std=c++17 -arch=sm_90 -use_fast_math -restrict
# -O3 -DNO_MPI -Idriver -Isrc/cuda driver/*.cpp src/cuda/*.cpp`, the flags
# of its model.cmake), in .gpu/tea with tea.problems and tea_1000.in (its
# tea.in at 1000x1000 cells, 4 steps of CG).
# Three calls of the device tool, each under its 10 minutes: `... .sh 1`
# (the test by itself, the programs, the OpenMP fuzz corpus), `... .sh 2`
# (the kernel fuzz corpus, OpenMP_VV), `... .sh 3` (TeaLeaf).
set -u
part=${1:?usage: 2026-12-05-seventh-session.sh 1|2|3}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
cat $logs/machine.txt
case $part in 1) archives="p of" ;; 2) archives="f vv" ;; *) archives="" ;; esac
for a in $archives; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
if [ "$part" = 1 ]; then
t=/tmp/r/p/openmp_regions_mixed_paths
{
  echo "GCC's own build: $(./.gpu/mixed_gcc)"
  echo "serial: $($t/serial.bin)"
  for env in "" FERRY_COHERENCE=compiler FERRY_CHECK=1 FERRY_RESIDENCY=0 FERRY_LAUNCH=omp; do
    echo "${env:-default}: $(env $env FERRY_STATS=1 timeout 60 $t/ferry.bin 2>$logs/err.txt) rc=$?"
    grep "^ferry-stats\|error" $logs/err.txt | head -4
  done
} > $logs/mixed_paths.txt 2>&1
cat $logs/mixed_paths.txt
bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 200
(cd testsuite && FERRY_TEST_GPU=1 timeout 150 python3 ferry-fuzz -j 8 \
   --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
tail -4 $logs/openmp-fuzz.log
elif [ "$part" = 2 ]; then
(cd testsuite && FERRY_TEST_GPU=1 timeout 200 python3 ferry-fuzz -j 8 \
   --run-prebuilt /tmp/r/f --keep $logs/f-failures) > $logs/fuzz.log 2>&1
tail -3 $logs/fuzz.log
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
else
cd .gpu/tea
for run in "cuda" "ferry" "ferry FERRY_LAUNCH=omp" "gccgpu"; do
  set -- $run
  log=$logs/tea-$1${2:+-omp}.log
  echo "== $run" | tee $log
  start=$(date +%s.%N)
  env ${2:-} FERRY_STATS=1 timeout 150 ./tea_$1 -f tea_1000.in \
    -p tea.problems >> $log 2>&1
  echo "rc=$? elapsed $(python3 -c "print(round($(date +%s.%N) - $start, 2))") s" >> $log
  grep -h "Wallclock\|This run\|elapsed\|^ferry-stats\|rc=" $log | tail -6
done
fi
