#!/bin/bash
# Where RSBench's lookup entry spends its time against CUDA's kernel
# (issue 52's first shape, 1.78x on 2026-12-07).  ncu's kernel replay
# failed on ferry's entry that day ("Failed to profile"), so this tries
# the replay modes one by one and keeps what each said, then profiles
# with the first that works (the next is not tried): the entry's duration, registers, occupancy,
# stall reasons, and the SASS lines' samples next to CUDA's.
#   bash run.sh DIR LOGS   (DIR holds rs.cuda and rs.ferry:
#   bench/openmp_apps/build_c.sh's builds of RSBench 34b6447)
set -u
dir=${1:?usage: run.sh DIR LOGS}
logs=${2:?usage: run.sh DIR LOGS}
cd "$dir"
lookup='regex:xs_lookup_kernel_baseline|__ferry_direct'
# rs.ferry_branches, where DIR has it: the build before sin and cos had
# only far_sine's call in a branch.
builds="cuda ferry"; [ -x rs.ferry_branches ] && builds="$builds ferry_branches"
for build in $builds $builds; do
  echo "rs.$build: $(timeout 30 ./rs.$build -m event -s large 2>&1 | grep -a -i 'runtime\|valid' | tr '\n' ' ')"
done
FERRY_TRACE=1 timeout 30 ./rs.ferry -m event -s large > "$logs/trace.txt" 2>&1
grep -a -c . "$logs/trace.txt"
works=
for mode in kernel application; do
  timeout 120 ncu --clock-control none --replay-mode $mode -k "$lookup" -c 1 \
    --metrics gpu__time_duration.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active \
    ./rs.ferry -m event -s large -l 1000000 > "$logs/try-$mode.txt" 2>&1
  echo "replay $mode: exit $? $(grep -a -i 'duration\|registers\|warps_active\|error\|fail' "$logs/try-$mode.txt" | head -n 6 | tr -s ' ' | tr '\n' ' ')"
  grep -a -q 'gpu__time_duration' "$logs/try-$mode.txt" && { works=$mode; break; }
done
[ -n "$works" ] || exit 0
for build in cuda ferry; do
  timeout 200 ncu --clock-control none --replay-mode $works -k "$lookup" -c 1 \
    --section SpeedOfLight --section InstructionStats --section WarpStateStats \
    --section Occupancy --section LaunchStats --section SourceCounters \
    --section MemoryWorkloadAnalysis \
    -o "$logs/rs-$build" ./rs.$build -m event -s large -l 1000000 > "$logs/rs-$build-run.txt" 2>&1
  ncu -i "$logs/rs-$build.ncu-rep" --page details > "$logs/rs-$build-details.txt" 2>&1
  ncu -i "$logs/rs-$build.ncu-rep" --page source --csv --print-source sass > "$logs/rs-$build-sass.csv" 2>&1
  ncu -i "$logs/rs-$build.ncu-rep" --page raw --csv > "$logs/rs-$build-raw.csv" 2>&1
  grep -a -i "duration\|registers per\|achieved occupancy\|executed ipc\|warp cycles per issued\|executed instructions \|stall" "$logs/rs-$build-details.txt" | head -n 24
  rm -f "$logs/rs-$build.ncu-rep"
done
