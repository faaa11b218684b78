#!/bin/bash
# Runs the generated corpora that ferry-fuzz --prebuild built, on the GPU
# machine: DIR/f (kernels over every memory kind, each case on both launch
# paths) and DIR/of (the program's own OpenMP regions), then OpenMP_VV's
# pairs in DIR/vv (openmp_vv_prebuild.sh); any of the three may be
# missing.  Writes LOGS/fuzz.log, LOGS/openmp-fuzz.log and
# LOGS/openmp_vv.txt, with the failing cases kept under LOGS, and prints
# the summaries.  Run from the repository root.
set -u
dir=${1:?usage: prebuilt_corpora.sh DIR LOGS}
logs=${2:?usage: prebuilt_corpora.sh DIR LOGS}
if [ -d "$dir/f" ]; then
  (cd testsuite && FERRY_TEST_GPU=1 timeout 100 python3 ferry-fuzz -j 16 \
     --run-prebuilt "$dir/f" --keep "$logs/f-failures") > "$logs/fuzz.log" 2>&1
  echo "kernel corpus: $(tail -n 1 "$logs/fuzz.log")"
fi
if [ -d "$dir/of" ]; then
  (cd testsuite && FERRY_TEST_GPU=1 timeout 70 python3 ferry-fuzz -j 8 \
     --run-prebuilt "$dir/of" --keep "$logs/of-failures") > "$logs/openmp-fuzz.log" 2>&1
  echo "OpenMP corpus: $(tail -n 1 "$logs/openmp-fuzz.log")"
fi
if [ -d "$dir/vv" ]; then
  bash testsuite/gpu-runs/openmp_vv_pairs.sh "$dir/vv" "$logs/openmp_vv.txt" 25
fi
