#!/bin/bash
# Twenty-third session: RSBench's ferry build (built_c.sh's, at 430eb98)
# stopped with `libgomp: Duplicate node` on an H100 before its first
# kernel.  Runs it on the direct path, without residency and on the
# OpenMP path, to see which takes the overlapping map; and the OpenMP
# programs at c10a89e (.gpu/p3.tar.xz), whose data construct around a
# region's own maps keeps an array's base firstprivate (d4f06d9's
# openmp_serial_regions failed: "pointer target not mapped for attach").
# Then adamw under a backtrace printer.  Run from the repository root
# with .gpu carried.
export LD_LIBRARY_PATH=$PWD/.gpu/lib
mkdir -p /tmp/r4 && xz -dc .gpu/p3.tar.xz | tar xf - -C /tmp/r4
(cd testsuite && FERRY_TEST_GPU=1 timeout 60 python3 ferry-test -j 16 --run-prebuilt /tmp/r4/p3) > /tmp/p3.log 2>&1
tail -n 1 /tmp/p3.log; grep -a -A6 "^FAIL" /tmp/p3.log | head -n 14
for t in openmp_serial_regions openmp_team_region_maps; do
  echo "$t: $(cd /tmp/r4/p3/$t && FERRY_DEVICE=gpu FERRY_STATS=1 timeout 20 ./ferry.bin 2>&1 >/dev/null | grep -a 'ferry-stats\|ferry-path\|libgomp' | sed 's/(.*//' | awk '{print $1, $2, $4, $5}' | tr '\n' ';' | cut -c1-300)"
done
cd .gpu/rs || exit 1
for env in "FERRY_STATS=1" "FERRY_STATS=1 FERRY_RESIDENCY=0" "FERRY_STATS=1 FERRY_LAUNCH=omp"; do
  echo "== rs.ferry $env"
  env $env timeout 25 ./rs.ferry -m event -s small 2>&1 | grep -a -v "^ *$" | tail -n 6 | cut -c1-200
done
# adamw's ferry build (.gpu/tl.tar.xz) died of SIGSEGV with no output in
# both sessions' runs; the machine has no gdb.  With a backtrace printed
# at the fault (segv_backtrace.c, built into .gpu/segv_backtrace.so;
# libferry's own handler for its guarded pages comes after it and passes
# on faults that are not its own).
cd "$OLDPWD" && mkdir -p /tmp/tl && xz -dc .gpu/tl.tar.xz | tar xf - -C /tmp/tl
for size in 1000 1000000; do
  echo "== adamw.ferry $size 2"
  FERRY_STATS=1 LD_PRELOAD=$PWD/.gpu/segv_backtrace.so timeout 20 \
    /tmp/tl/tlapps/adamw.ferry $size 2 2>&1 | tail -n 25 | cut -c1-200
done
