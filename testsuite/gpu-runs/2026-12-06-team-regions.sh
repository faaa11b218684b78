#!/bin/bash
# The thirteenth session's second full run, after the team entries were
# named for libferry's linker (__ferry_direct_team_*) and the block
# barrier became `barrier.sync` (GCC had copied `bar.sync` into both arms
# of a branch: matern, pathfinder, stencil3d and scan hung).  HeCBench's
# team-region programs (bench/openmp_apps/team_apps.txt) against their
# CUDA versions, each with its own check; stddev, scan and convolution1D
# at smaller sizes than their Makefiles' (which take over 20 s in CUDA,
# most of it the host's reference); softmax-online is left out (its
# Makefile runs kernel 1, a `teams distribute` loop, and kernel 2 takes
# over 12 s in CUDA).  Then the programs group on the direct path.
# Expects .gpu/lib, .gpu/team.tar.xz (the CUDA builds of team_apps.txt's
# programs, ferry's rebuilt) and .gpu/p.tar.xz.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r .gpu/team
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
xz -dc .gpu/team.tar.xz | tar xf - -C .gpu/team
xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
FERRY_STATS=1 timeout 20 .gpu/team/openmp_team_regions.ferry > $logs/team-regions.txt 2>&1
echo "openmp_team_regions: exit $?"; grep -a "ferry-path" $logs/team-regions.txt | cut -c1-160
while read -r name args; do
  for build in cuda ferry; do
    FERRY_STATS=1 timeout 40 .gpu/team/$name.$build $args > $logs/$name-$build.txt 2>&1
    status=$?
    echo "== $name $build ($args): exit $status; $(grep -a -h 'PASS\|FAIL\|[Tt]ime' $logs/$name-$build.txt | head -4 | tr '\n' ' ' | cut -c1-240)"
    [ $build = ferry ] && grep -a "ferry-path.*team" $logs/$name-$build.txt | cut -c1-200 | head -2
  done
done <<'EOF'
reverse 100
backprop 65536
wyllie 8000000 1 100
pathfinder 100000 1000 5
stencil3d 512 100
matern 300 100
stddev 16384 4096 100
scan 16777216 100
convolution1D 16777216 100
EOF
(cd testsuite && FERRY_LAUNCH=auto FERRY_TEST_GPU=1 timeout 120 \
   python3 ferry-test -j 16 --run-prebuilt /tmp/r/p) > $logs/programs-auto.log 2>&1
echo "programs FERRY_LAUNCH=auto: $(tail -n 1 $logs/programs-auto.log)"
grep -h -A8 "^FAIL" $logs/programs-auto.log | head -30
