#!/bin/bash
# The sixteenth session's run: automatic launch graphs (libferry at
# 5be272e, FERRY_AUTO_GRAPHS on by default) and the maths fixes of the
# fifteenth session that had not run on a GPU (879843d, 995c985).
# PART=1, correctness: the programs group on both launch paths, the
# generated corpus of kernels (every memory kind) and of OpenMP regions
# on both launch paths, and OpenMP_VV's pairs.  PART=2, speed: bench/cg
# and bench/launch with automatic graphs on and off against their CUDA
# versions, and TeaLeaf's CG at 4000 x 4000 (the port of
# bench/ports/tealeaf_port.py against TeaLeaf's own CUDA model), with
# FERRY_STATS's ferry-graph lines.
# Expects .gpu/lib (libferry, Debian's libgomp), .gpu/p.tar.xz (`ferry-test
# -j 2 --prebuild /tmp/p programs`), .gpu/f.tar.xz (`ferry-fuzz --prebuild
# /tmp/f --cases 600 --seed 6101`), .gpu/of.tar.xz (`ferry-fuzz --openmp
# --prebuild /tmp/of --cases 120 --seed 61`), .gpu/vv.tar.xz
# (openmp_vv_prebuild.sh /tmp/vv), .gpu/bench (bench/cg/build.sh; launch
# bench built as its opening comment says) and .gpu/tealeaf
# (tealeaf_port.py's tealeaf_ferry, tealeaf_serial, tealeaf_cuda and
# TeaLeaf's tea_bm_1.in).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
programs_group() { # the prebuilt programs in DIR, on both launch paths
  for launch in auto omp; do
    (cd testsuite && FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout 130 \
       python3 ferry-test -j 16 --run-prebuilt "$1") > $logs/programs-$launch.log 2>&1
    echo "programs FERRY_LAUNCH=$launch: $(tail -n 1 $logs/programs-$launch.log)"
    grep -h -A8 "^FAIL" $logs/programs-$launch.log | head -30
  done
}
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 3 ]; then
  # After dc4caa4 (the library's sinf and cosf kept inside
  # <ferry/device_maths.hpp>) and 6c783a6 (sin and cos of a double): the
  # programs group again (.gpu/p2.tar.xz, prebuilt at b07fcbb), a
  # sinf/cosf loop over large arguments built by g++ and ferry-g++
  # (.gpu/dbg/gsin.*), RSBench unchanged (.gpu/dbg: rs.before built by
  # ferry-gcc at 5be272e, rs.ferry at b07fcbb, rs.cuda by nvcc) with
  # FERRY_STATS (its entry's frames, registers and occupancy), and
  # bench/device_math (.gpu/maths, with a loop of sin * cos in double).
  d=.gpu/dbg
  for build in gcc ferry; do echo "gsin.$build:"; timeout 30 $d/gsin.$build; done
  FERRY_LAUNCH=omp timeout 30 $d/gsin.ferry | tail -3
  for launch in auto omp; do
    FERRY_LAUNCH=$launch timeout 60 $d/dmf > $logs/dmf-$launch.txt 2>&1
    echo "device_maths_functions FERRY_LAUNCH=$launch: exit $?"
  done
  xz -dc .gpu/p2.tar.xz | tar xf - -C /tmp/r
  programs_group /tmp/r/p2
  for build in cuda before ferry cuda; do
    FERRY_STATS=1 timeout 60 $d/rs.$build -m event -s large > $logs/rsbench-$build.txt 2>&1
    echo "rsbench $build: exit $?"
    grep -a "Runtime\|Lookups/s\|checksum\|ferry-path" $logs/rsbench-$build.txt | cut -c1-400
  done
  bash bench/device_math/run.sh .gpu/maths 2>&1 | tee $logs/device-math.txt
  exit 0
fi
if [ "$part" = 4 ]; then
  # After 053e975 (<ferry/device_maths.hpp> takes no local's address, which
  # PART=3's programs found on FERRY_LAUNCH=omp): never run, no device
  # time was left (doc/gpu-results.md).  The programs
  # (.gpu/p2.tar.xz prebuilt at 053e975),
  # the maths program's output on both paths (.gpu/dbg/dmf at 168904b,
  # compared with its serial build's afterwards), RSBench at 168904b
  # (rs.before and rs.cuda again beside it).
  d=.gpu/dbg
  for launch in auto omp; do
    FERRY_LAUNCH=$launch timeout 60 $d/dmf > $logs/dmf-$launch.txt 2>&1
    echo "device_maths_functions FERRY_LAUNCH=$launch: exit $?"
  done
  xz -dc .gpu/p2.tar.xz | tar xf - -C /tmp/r
  # Device time was short: the whole group on the direct path, on
  # FERRY_LAUNCH=omp the programs whose device code calls the maths.
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p2) > $logs/programs-auto.log 2>&1
  echo "programs: $(tail -n 1 $logs/programs-auto.log)"
  grep -h -A8 "^FAIL" $logs/programs-auto.log | head -30
  python3 -c 'import json; json.dump(["programs/%s.cc" % n for n in
    "device_math device_maths_functions fast_math openmp_regions_library_calls".split()],
    open("/tmp/r/p2/manifest.json", "w"))'
  (cd testsuite && FERRY_LAUNCH=omp FERRY_TEST_GPU=1 timeout 60 \
     python3 ferry-test -j 16 --run-prebuilt /tmp/r/p2) > $logs/programs-omp.log 2>&1
  echo "maths programs FERRY_LAUNCH=omp: $(tail -n 1 $logs/programs-omp.log)"
  grep -h -A8 "^FAIL" $logs/programs-omp.log | head -30
  for build in cuda before ferry; do
    FERRY_STATS=1 timeout 60 $d/rs.$build -m event -s large > $logs/rsbench-$build.txt 2>&1
    echo "rsbench $build: exit $?"
    grep -a "Runtime\|checksum\|ferry-path" $logs/rsbench-$build.txt | cut -c1-400
  done
  exit 0
fi
if [ "$part" = 1 ]; then
  for archive in p f of vv; do xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r; done
  programs_group /tmp/r/p
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-fuzz -j 16 \
     --run-prebuilt /tmp/r/f --keep $logs/f-failures) > $logs/fuzz.log 2>&1
  tail -n 2 $logs/fuzz.log
  (cd testsuite && FERRY_TEST_GPU=1 timeout 80 python3 ferry-fuzz -j 8 \
     --run-prebuilt /tmp/r/of --keep $logs/of-failures) > $logs/openmp-fuzz.log 2>&1
  tail -n 2 $logs/openmp-fuzz.log
  bash testsuite/gpu-runs/openmp_vv_pairs.sh /tmp/r/vv $logs/openmp_vv.txt 25 | tee $logs/openmp_vv-summary.txt
  exit 0
fi
b=.gpu/bench
for round in 1 2; do
  timeout 60 $b/cg_cuda | tee -a $logs/cg.txt
  FERRY_AUTO_GRAPHS=0 timeout 60 $b/cg_ferry | tee -a $logs/cg.txt
  FERRY_STATS=1 timeout 60 $b/cg_ferry 2>$logs/cg-stats-$round.txt | tee -a $logs/cg.txt
  grep -h "ferry-graph\|ferry-stats" $logs/cg-stats-$round.txt
done
for n in 1024 65536; do
  timeout 60 $b/launch_cuda $n | tee -a $logs/launch.txt
  FERRY_AUTO_GRAPHS=0 timeout 60 $b/launch_ferry $n | tee -a $logs/launch.txt
  FERRY_STATS=1 timeout 60 $b/launch_ferry $n 2>$logs/launch-stats-$n.txt | tee -a $logs/launch.txt
  grep -h "ferry-graph" $logs/launch-stats-$n.txt
done
t=.gpu/tealeaf
deck() { # cells steps
  sed -e "s/x_cells=10/x_cells=$1/" -e "s/y_cells=10/y_cells=$1/" \
      -e "s/end_step=10/end_step=$2/" $t/tea_bm_1.in > /tmp/r/deck_$1.in
}
tealeaf() { # label binary deck [env]
  local label=$1 binary=$2 input=$3; shift 3
  (cd /tmp/r && env "$@" timeout 90 "$OLDPWD/$binary" -f "$input" -o /tmp/r/out) \
    > $logs/tealeaf-$label.log 2>&1
  echo "tealeaf $label: exit $? $(grep -h 'Actual\|Wallclock' $logs/tealeaf-$label.log | tr -s ' ' | tr '\n' ' ') $(grep -h 'ferry-graph' $logs/tealeaf-$label.log | cut -c1-150 | tr '\n' ' ')"
}
deck 48 4
tealeaf serial-48 $t/tealeaf_serial /tmp/r/deck_48.in OMP_NUM_THREADS=1
tealeaf ferry-48 $t/tealeaf_ferry /tmp/r/deck_48.in
deck 4000 4
tealeaf cuda $t/tealeaf_cuda /tmp/r/deck_4000.in
tealeaf ferry-auto $t/tealeaf_ferry /tmp/r/deck_4000.in FERRY_STATS=1
tealeaf ferry-off $t/tealeaf_ferry /tmp/r/deck_4000.in FERRY_AUTO_GRAPHS=0
tealeaf cuda-2 $t/tealeaf_cuda /tmp/r/deck_4000.in
