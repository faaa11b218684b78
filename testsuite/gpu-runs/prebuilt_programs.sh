#!/bin/bash
# Runs the programs group that `ferry-test --prebuild DIR` built, on the GPU
# machine, on both launch paths (FERRY_LAUNCH=auto, which takes the direct
# one, then omp), each run stopped after TIMEOUT seconds (default 240);
# writes LOGS/programs-direct.log and LOGS/programs-omp.log and prints
# their summaries and first failures.
# Run from the repository root.
set -u
dir=${1:?usage: prebuilt_programs.sh DIR LOGS [TIMEOUT]}
logs=${2:?usage: prebuilt_programs.sh DIR LOGS [TIMEOUT]}
limit=${3:-240}
for path in direct omp; do
  log=$logs/programs-$path.log
  launch=auto
  [ "$path" = omp ] && launch=omp
  (cd testsuite &&
   FERRY_LAUNCH=$launch FERRY_TEST_GPU=1 timeout "$limit" \
     python3 ferry-test -j 16 --run-prebuilt "$dir") > "$log" 2>&1
  echo "rc=$?" >> "$log"
done
tail -n 3 "$logs"/programs-direct.log "$logs"/programs-omp.log
grep -h -A8 "^FAIL" "$logs"/programs-*.log | head -40
