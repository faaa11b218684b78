#!/bin/sh
# The MPI runs of doc/gpu-results-2026-11.md ("MPI"), on a GPU machine, from a
# bundle made by bundle.sh:
#   bench/mpi_heat/run.sh BUNDLE RANKS...
# For each number of ranks: the checked run (2050 x 2050, 40 steps, rank 0
# compares with a serial run), then strong scaling (8192 x 8192 in all) and
# weak scaling (8192 x 8192 per rank), ferry and CUDA + MPI.  Time per step
# is the slope between runs of 100 and 300 steps (start-up, PTX JIT and the
# first upload cancel out), best of two; ferry's bytes per step, the
# difference of ferry-stats between the two.
set -eu
bundle=$1
export bundle
shift
. "$bundle/env.sh"
short=100
long=300

# The "ms per step" of one run, times its steps: milliseconds in all.
total_ms() {
  mpirun -np "$1" "$bundle/bin/$2" "$3" 8192 "$4" 1000 0 |
    sed -n "s/.* \([0-9.]*\) ms per step.*/\1 $4/p" | awk '{ print $1 * $2 }'
}

for ranks in "$@"; do
  echo "== $ranks rank(s)"
  mpirun -np "$ranks" "$bundle/bin/mpi_heat" 2050 2050 40 10 1 |
    grep -E "runs on|OK|FAILED|differ|is "
  for shape in strong weak; do
    rows=8194
    [ "$shape" = weak ] && rows=$((8192 * ranks + 2))
    for program in mpi_heat mpi_heat_cuda; do
      best=
      for try in 1 2; do
        a=$(total_ms "$ranks" "$program" "$rows" "$short")
        b=$(total_ms "$ranks" "$program" "$rows" "$long")
        slope=$(awk -v a="$a" -v b="$b" -v s="$short" -v l="$long" \
          'BEGIN { printf "%.4f", (b - a) / (l - s) }')
        best=$(awk -v x="$slope" -v y="${best:-$slope}" \
          'BEGIN { print (x < y ? x : y) }')
      done
      echo "$shape $ranks ranks $rows x 8192 $program: $best ms per step"
    done
    for count in $short $long; do
      FERRY_STATS=1 mpirun --tag-output -np "$ranks" "$bundle/bin/mpi_heat" \
        "$rows" 8192 "$count" 1000 0 2>&1 | grep -E "ferry-stats|ferry-path" |
        sed "s/__ferry_direct_[A-Za-z0-9_]*//; s/^/steps=$count /"
    done
  done
done
