#!/bin/sh
# Runs every variant of the benchmark built by build.sh and writes the CSV
#   kernel,variant,n,reps,kernel_ms,total_ms,checksum
# then checks that the checksums agree (compare.py).  Progress goes to
# stderr, one line per kernel and variant.
#
#   bench/suite/run.sh DIR CSV
# Environment: BENCH_SCALE, BENCH_REPS, BENCH_ONLY (see report.hpp);
# NAIVE_REPS (default 0.1) scales the repetitions of ferry-naive, whose
# launches copy everything and take the longest.
set -eu
dir=${1:?usage: run.sh DIR CSV}
csv=${2:?usage: run.sh DIR CSV}
here=$(cd "$(dirname "$0")" && pwd)
reps=${BENCH_REPS:-1}
naive_reps=$(awk "BEGIN { print $reps * ${NAIVE_REPS:-0.1} }")
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "kernel,variant,n,reps,kernel_ms,total_ms,checksum" > "$tmp"
echo "run.sh: ferry" >&2
"$dir/suite_ferry" >> "$tmp"
echo "run.sh: ferry-omp (FERRY_LAUNCH=omp)" >&2
FERRY_LAUNCH=omp "$dir/suite_ferry" >> "$tmp"
echo "run.sh: ferry-naive (repetitions x ${NAIVE_REPS:-0.1})" >&2
FERRY_RESIDENCY=0 BENCH_REPS=$naive_reps "$dir/suite_ferry" >> "$tmp"
echo "run.sh: omp" >&2
"$dir/suite_omp" >> "$tmp"
if [ -x "$dir/suite_cuda" ] && nvidia-smi -L > /dev/null 2>&1; then
  echo "run.sh: cuda" >&2
  "$dir/suite_cuda" >> "$tmp"
else
  echo "run.sh: no suite_cuda or no NVIDIA GPU; the cuda variant is skipped" >&2
fi
mkdir -p "$(dirname "$csv")"
cp "$tmp" "$csv"
python3 "$here/compare.py" "$csv"
