#!/bin/bash
# The thirteenth session's run: CUDA-style team regions (plugin/
# team_regions.cc), first on a GPU.  Ten HeCBench programs whose kernels
# are such regions (bench/openmp_apps/team_apps.txt), each against its
# own CUDA version and GCC's build, with each app's own check; the
# programs group on both launch paths (openmp_team_regions among them);
# OpenMP_VV with ferry's build of every test rebuilt after the safelen,
# stack and team-region changes; CloverLeaf's OpenMP target model built
# unchanged against its CUDA model (UoB-HPC/CloverLeaf ba256dc, deck
# clover_bm16_short: 3840 x 3840 cells, 87 steps).
# Expects .gpu/lib (libferry, Debian's libgomp and its nvptx plugin),
# .gpu/team.tar.xz (LIST=team_apps.txt bench/openmp_apps/build.sh .gpu/team),
# .gpu/p.tar.xz (`ferry-test -j 2 --prebuild /tmp/p programs`),
# .gpu/vv.tar.xz (openmp_vv_prebuild.sh /tmp/vv), .gpu/clover
# (omp-target-cloverleaf.ferry, cuda-cloverleaf and the deck).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
for a in p vv; do xz -dc .gpu/$a.tar.xz | tar xf - -C /tmp/r; done
mkdir -p .gpu/team && xz -dc .gpu/team.tar.xz | tar xf - -C .gpu/team
(cd bench/openmp_apps && LIST=team_apps.txt ROUNDS=1 APP_TIMEOUT=60 \
   BUILDS="cuda ferry" bash run.sh $PWD/../../.gpu/team) > $logs/team-apps.log 2>&1
grep -h "^=== \|PASS\|FAIL\|[Tt]ime\|ferry-path\|^--- exit" $logs/team-apps.log | cut -c1-200
for launch in auto omp; do
  (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 120 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-$launch.log 2>&1
  echo "programs FERRY_LAUNCH=$launch: $(tail -n 1 $logs/programs-$launch.log)"
  grep -h -A8 "^FAIL" $logs/programs-$launch.log | head -30
done
team=/tmp/r/p/openmp_team_regions/ferry.bin
[ -n "$team" ] && FERRY_STATS=1 "$team" > $logs/team-regions-stats.txt 2>&1
grep -h "ferry-path\|ferry-stats" $logs/team-regions-stats.txt | cut -c1-220
bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 30 | tee $logs/openmp_vv-summary.txt
(cd .gpu/clover && for build in cuda ferry; do
   FERRY_STATS=1 timeout 90 ./cloverleaf.$build --file clover_bm16_short.in \
     > $logs/clover-$build.txt 2>&1
   echo "clover $build: exit $?; $(grep -h "Wallclock\|wall\|PASS\|FAIL\|error" $logs/clover-$build.txt | tail -n 4 | tr '\n' ' ')"
 done)
(cd bench/openmp_apps && LIST=team_apps.txt ROUNDS=1 APP_TIMEOUT=20 \
   BUILDS="gcc" bash run.sh $PWD/../../.gpu/team) > $logs/team-apps-gcc.log 2>&1
grep -h "^=== \|PASS\|FAIL\|[Tt]ime\|^--- exit" $logs/team-apps-gcc.log | cut -c1-160
