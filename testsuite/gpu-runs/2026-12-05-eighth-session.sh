#!/bin/bash
# The eighth session's runs: the first start of a program on a cold JIT
# cache, now that the direct module leaves out GCC's region stubs and
# libgomp gets its images without the direct entries (56a0455), and the
# checks that libgomp still finds every region and variable it looks up
# in the cut images: OpenMP_VV's pairs and the programs group on both
# launch paths; the OpenMP fuzz corpus with the generator's fix
# (62266c4).
# Expects .gpu/lib (libferry of 56a0455 or later, Debian's libgomp and
# its nvptx plugin), .gpu/tea as for 2026-12-05-seventh-session.sh part 3,
# .gpu/vv.tar.xz (`openmp_vv_prebuild.sh /tmp/vv`), .gpu/p.tar.xz
# (`ferry-test -j 2 --prebuild /tmp/p`) and .gpu/of.tar.xz (`ferry-fuzz
# --openmp --prebuild /tmp/of --cases 160 --seed 5`).
# Calls: `... .sh tea` (TeaLeaf 1000x1000, 4 steps of CG: its CUDA, then
# ferry-g++'s build with the driver's JIT cache off, twice, then with the
# cache, twice), `... .sh checks` (OpenMP_VV, the programs group, the
# OpenMP fuzz corpus).
set -u
part=${1:?usage: 2026-12-05-eighth-session.sh tea|checks}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) > $logs/machine.txt
cat $logs/machine.txt
if [ "$part" = tea ]; then
  cd .gpu/tea
  for run in "cuda CUDA_CACHE_DISABLE=1" "ferry CUDA_CACHE_DISABLE=1" \
             "ferry CUDA_CACHE_DISABLE=1" "ferry FERRY_LAUNCH=direct" \
             "ferry FERRY_LAUNCH=direct"; do
    set -- $run
    log=$logs/tea-$1.log
    echo "== $run" | tee -a $log
    start=$(date +%s.%N)
    env $2 FERRY_STATS=1 timeout 150 ./tea_$1 -f tea_1000.in \
      -p tea.problems >> $log 2>&1
    echo "rc=$? elapsed $(python3 -c "print(round($(date +%s.%N) - $start, 2))") s" >> $log
    grep -h "Wallclock\|PASSED\|FAILED\|elapsed\|^ferry-module\|^ferry-images" $log | tail -8
  done
else
  for a in vv p of; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 200
  (cd testsuite && FERRY_TEST_GPU=1 timeout 150 python3 ferry-fuzz -j 8 \
     --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
  tail -2 $logs/openmp-fuzz.log
fi
