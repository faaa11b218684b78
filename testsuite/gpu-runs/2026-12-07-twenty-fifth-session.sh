#!/bin/bash
# Run on an H100: PART=5 (19:37 UTC) and PART=6 (19:49); PART=1 to 4 were
# not run (no machine came for an hour; PART=5 holds what mattered most of
# them, and the corpora of PART=4 wait for the next machine).
# The twenty-fifth session's run.  PART=1: the programs group built at
# this session's head on both launch paths, first run of 2be93da's
# program regions with narrow signed atomics on a GPU.  PART=4: the
# OpenMP corpus (seed 76) and OpenMP_VV's pairs built at f0083cf
# (.gpu/{of,vv}.tar.xz).  PART=2 (.gpu/x6.tar.xz): adamw at its
# Makefile's 1M x 100, CUDA, ferry, and ferry built with
# -ffp-contract=off (the host emulation, -mfma against none, reproduced
# ferry's 0.0123 from contraction alone); RSBench's lookups under ncu,
# CUDA's kernel and ferry's entry, with the SASS lines' stall samples
# (rs.ferry_sincos, sin and cos sharing their work, and rs.ferry_new,
# atan with one division, timed beside them),
# and the toolkit's disassembly of both when the machine has cuobjdump.
# PART=3 (.gpu/clv.tar.xz): CloverLeaf (UoB-HPC/CloverLeaf ba256dc, its
# C++ omp-target model built unchanged by CMake with ferry-g++, and by g++;
# its cuda model by nvcc), decks bm_short (960^2) and bm16_short (3840^2,
# 87 steps, test problem 4's check), each build twice; su3_bench
# (isazi/su3_bench dce01b6, .gpu/su3.tar.xz): its five OpenMP versions
# built unchanged by ferry-g++ (-DMILC_COMPLEX, as its Makefile.openmp
# for NVIDIA), version 2 by g++, its CUDA version by nvcc, at the
# defaults (32^4 sites, 100 iterations), CUDA's blocks of 36 threads and
# of 128.
# PART=5: what one call can hold, for a session whose machine came late:
# the programs group on the direct path only, adamw, RSBench's timings and
# one ncu report, CloverLeaf at bm_short and bm16_short (CUDA and ferry),
# su3_bench's version 2 and CUDA.
# PART=6: the narrow atomics made as a compare-and-swap of their word
# (.gpu/pn.tar.xz: openmp_regions_narrow_atomics, shared_mut_narrow_signed)
# on both launch paths, three times each.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its
# nvptx plugin).  Logs go under /tmp/logs, packed into $OUT/logs-PART.tgz.
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  # The programs group at this session's head (.gpu/p25.tar.xz: sin and
  # cos sharing their work) if it was built, else f0083cf's.
  archive=.gpu/p25.tar.xz; [ -f $archive ] || archive=.gpu/p.tar.xz
  echo "programs from $archive"
  xz -dc $archive | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 110
  exit 0
fi
if [ "$part" = 4 ]; then
  for archive in of vv; do
    xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r
  done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
if [ "$part" = 2 ]; then
  xz -dc .gpu/x6.tar.xz | tar xf - -C /tmp
  cd /tmp/x6
  for build in cuda ferry ferry_nofma; do
    echo "adamw.$build 1000000 100: $(FERRY_STATS=1 timeout 40 ./adamw.$build 1000000 100 2>&1 | grep -a -v '^ferry-module\|^ferry-images' | head -n 4 | cut -c1-200 | tr '\n' ' ')"
  done
  # rs.ferry_sincos: the same source with <ferry/device_maths.hpp>'s sin
  # and cos sharing one reduction and both polynomials; rs.ferry_new: and
  # atan with one division.
  for round in 1 2; do
    for build in cuda ferry ferry_sincos ferry_new; do
      echo "rs.$build: $(timeout 30 ./rs.$build -m event -s large 2>&1 | grep -a -i 'runtime\|valid' | tr '\n' ' ')"
    done
  done
  for build in cuda ferry_new; do
    timeout 200 ncu --clock-control none -k 'regex:xs_lookup_kernel_baseline|__ferry_direct' -c 1 \
      --section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats \
      --section WarpStateStats --section Occupancy --section LaunchStats \
      --section MemoryWorkloadAnalysis --section SourceCounters \
      -o $logs/rs-$build ./rs.$build -m event -s large -l 1000000 > $logs/rs-$build-run.txt 2>&1
    ncu -i $logs/rs-$build.ncu-rep --page details > $logs/rs-$build-details.txt 2>&1
    ncu -i $logs/rs-$build.ncu-rep --page source --csv --print-source sass > $logs/rs-$build-sass.csv 2>&1
    grep -a -i "duration\|registers\|achieved occupancy\|executed ipc\|issue slots\|warp cycles per issued\|stall\|compute (sm) throughput\|memory throughput" \
      $logs/rs-$build-details.txt | head -n 30
    rm -f $logs/rs-$build.ncu-rep
  done
  # ferry's entries are a cubin in .rodata (tools/ferry-mkoffload.in),
  # not a fatbinary: rs.ferry_new.cubin is the one ferry-g++ linked into
  # rs.ferry_new.
  export PATH=$PATH:/usr/local/cuda/bin
  ls /usr/local/cuda/bin > $logs/cuda-bin.txt 2>&1
  command -v cuobjdump > /dev/null &&
    cuobjdump -sass ./rs.cuda > $logs/rs-cuda.sass 2>&1 &&
    cuobjdump -sass ./rs.ferry_new.cubin > $logs/rs-ferry_new.sass 2>&1
  exit 0
fi
if [ "$part" = 3 ]; then
  xz -dc .gpu/clv.tar.xz | tar xf - -C /tmp
  for deck in clover_bm_short clover_bm16_short; do
    for round in 1 2; do
      for build in cuda ferry gcc; do
        [ "$build" = gcc ] && [ "$round" = 2 ] && continue
        run=/tmp/clv/$deck-$build-$round; mkdir -p $run && cp /tmp/clv/$deck.in $run/clover.in
        limit=120; [ "$build" = gcc ] && limit=60
        (cd $run && FERRY_STATS=1 timeout $limit /tmp/clv/clv.$build > out.txt 2> err.txt; echo "exit $?" >> out.txt)
        cp $run/out.txt $logs/$deck-$build-$round.txt; cp $run/err.txt $logs/$deck-$build-$round.err
        echo "$deck $build $round: $(grep -a 'Wall clock' $run/out.txt | tail -n 1) $(grep -a -i 'Outcome\|^ Total \|^exit ' $run/out.txt | tr -s ' ' | tr '\n' ' ') $(grep -a '^ferry-stats' $run/err.txt | cut -c1-200)"
      done
    done
  done
  xz -dc .gpu/su3.tar.xz | tar xf - -C /tmp
  cd /tmp/su3
  for round in 1 2; do
    for build in cuda milc.cuda v0.ferry v1.ferry v2.ferry v3.ferry v4.ferry v2.gcc; do
      name=su3_$build; [ "$build" = cuda ] && name=su3.cuda
      [ "$build" = milc.cuda ] && name=su3_milc.cuda
      [ "$build" = v2.gcc ] && [ "$round" = 2 ] && continue
      FERRY_STATS=1 timeout 60 ./$name -v 1 > $logs/su3-$build-$round.txt 2>&1
      echo "su3 $build $round: exit $? $(grep -a 'Total execution time\|Checksum\|Total GFLOP' $logs/su3-$build-$round.txt | tr '\n' ' ') $(grep -a '^ferry-stats' $logs/su3-$build-$round.txt | cut -c1-120)"
    done
    for name in su3.cuda su3_milc.cuda; do
      echo "su3 $name -t 128: $(timeout 60 ./$name -v 1 -t 128 2>&1 | grep -a 'Total execution time\|Checksum' | tr '\n' ' ')"
    done
  done
  exit 0
fi
if [ "$part" = 5 ]; then
  archive=.gpu/p25.tar.xz
  xz -dc $archive | tar xf - -C /tmp/r
  (cd testsuite && FERRY_TEST_GPU=1 timeout 150 python3 ferry-test -j 16 \
     --run-prebuilt /tmp/r/p) > $logs/programs-direct.log 2>&1
  tail -n 2 $logs/programs-direct.log; grep -a -A8 "^FAIL" $logs/programs-direct.log | head -n 40
  xz -dc .gpu/x6.tar.xz | tar xf - -C /tmp
  (cd /tmp/x6
   for build in cuda ferry ferry_nofma; do
     echo "adamw.$build 1000000 100: $(timeout 40 ./adamw.$build 1000000 100 2>&1 | head -n 3 | cut -c1-120 | tr '\n' ' ')"
   done
   for build in cuda ferry ferry_sincos ferry_new cuda ferry_new; do
     echo "rs.$build: $(timeout 30 ./rs.$build -m event -s large 2>&1 | grep -a -i 'runtime\|valid' | tr '\n' ' ')"
   done
   for build in cuda ferry_new; do
     timeout 100 ncu --clock-control none -k 'regex:xs_lookup_kernel_baseline|__ferry_direct' -c 1 \
       --section SpeedOfLight --section InstructionStats --section WarpStateStats \
       --section Occupancy --section LaunchStats --section SourceCounters \
       -o $logs/rs-$build ./rs.$build -m event -s large -l 1000000 > $logs/rs-$build-run.txt 2>&1
     ncu -i $logs/rs-$build.ncu-rep --page details > $logs/rs-$build-details.txt 2>&1
     ncu -i $logs/rs-$build.ncu-rep --page source --csv --print-source sass > $logs/rs-$build-sass.csv 2>&1
     grep -a -i "duration\|registers per\|achieved occupancy\|executed ipc\|warp cycles per issued\|executed instructions " $logs/rs-$build-details.txt | head -n 12
     rm -f $logs/rs-$build.ncu-rep
   done)
  xz -dc .gpu/clv.tar.xz | tar xf - -C /tmp
  for deck in clover_bm_short clover_bm16_short; do
    for build in cuda ferry; do
      run=/tmp/clv/$deck-$build; mkdir -p $run && cp /tmp/clv/$deck.in $run/clover.in
      (cd $run && FERRY_STATS=1 timeout 60 /tmp/clv/clv.$build > out.txt 2> err.txt; echo "exit $?" >> out.txt)
      cp $run/out.txt $logs/$deck-$build.txt; cp $run/err.txt $logs/$deck-$build.err
      echo "$deck $build: $(grep -a 'Wall clock' $run/out.txt | tail -n 1) $(grep -a -i 'Outcome\|^ Total \|^exit ' $run/out.txt | tr -s ' ' | tr '\n' ' ') $(grep -a '^ferry-stats' $run/err.txt | cut -c1-160)"
    done
  done
  xz -dc .gpu/su3.tar.xz | tar xf - -C /tmp
  (cd /tmp/su3
   for name in su3.cuda su3_v2.ferry su3_v3.ferry su3_v4.ferry su3_v0.ferry su3.cuda; do
     echo "su3 $name: $(timeout 30 ./$name -v 1 2>&1 | grep -a 'Total execution time\|Checksum' | tr '\n' ' ')"
   done)
  exit 0
fi
if [ "$part" = 6 ]; then
  xz -dc .gpu/pn.tar.xz | tar xf - -C /tmp/r
  for round in 1 2 3; do
    bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/pn $logs 60 | grep -a "passed\|FAIL"
  done
  exit 0
fi
