#!/bin/sh
# Runs the TeaLeaf port of tealeaf_port.py: each solver (CG, Chebyshev,
# PPCG, Jacobi) on a 48 x 40 deck, serially, with ferry (default launch
# path and FERRY_LAUNCH=omp) and with TeaLeaf's CUDA model, printing the
# final field value of each (TeaLeaf's "Actual") and its solver
# iterations; then a 2048 x 2048 CG deck twice, ferry against CUDA, with
# TeaLeaf's wallclock.  Decks are derived from TeaLeaf's tea_bm_1.in.
# Usage: tealeaf_run.sh TEALEAF_DIR PORT_DIR
set -eu
tealeaf=$1 port=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
deck() { # solver cells_x cells_y steps
  sed -e "s/^use_cg/use_$1/" -e "s/x_cells=10/x_cells=$2/" \
      -e "s/y_cells=10/y_cells=$3/" -e "s/end_step=10/end_step=$4/" \
      "$tealeaf/Benchmarks/tea_bm_1.in" > "$work/deck_$1_$2.in"
}
field() { grep -h "Actual" "$1" | awk '{print $2}'; }
iterations() { grep -hE "(CG|Cheby|PPCG|Jacobi):" "$1" | tail -1 | awk '{print $2}'; }
wallclock() { grep -h "Wallclock" "$1" | tail -1 | awk '{print $2}'; }
run() { # label binary deck [env]
  label=$1 binary=$2 input=$3; shift 3
  [ -x "$binary" ] || return 0
  # TeaLeaf returns 1 without its problems file: the answers are compared here.
  env "$@" "$binary" -f "$input" -o "$work/out" > "$work/$label.log" 2>&1 || true
  printf '  %-8s field %s  iterations %s  wallclock %s\n' "$label" \
    "$(field "$work/$label.log")" "$(iterations "$work/$label.log")" \
    "$(wallclock "$work/$label.log")"
}
for solver in cg chebyshev ppcg jacobi; do
  deck $solver 48 40 4
  echo "$solver, 48 x 40, 4 steps:"
  run serial "$port/tealeaf_serial" "$work/deck_${solver}_48.in" OMP_NUM_THREADS=1
  run ferry "$port/tealeaf_ferry" "$work/deck_${solver}_48.in"
  run omp "$port/tealeaf_ferry" "$work/deck_${solver}_48.in" FERRY_LAUNCH=omp
  run cuda "$port/tealeaf_cuda" "$work/deck_${solver}_48.in"
done
deck cg 2048 2048 2
for round in 1 2; do
  echo "cg, 2048 x 2048, 2 steps, round $round:"
  run ferry "$port/tealeaf_ferry" "$work/deck_cg_2048.in"
  run cuda "$port/tealeaf_cuda" "$work/deck_cg_2048.in"
done
