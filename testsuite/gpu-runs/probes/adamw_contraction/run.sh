#!/bin/sh
# Whether adamw's failure at its Makefile's size (HeCBench adamw-omp, 1M
# elements x 100 steps: the GPU's answer 0.0123 from the host reference,
# where 1000 x 2 and 100000 x 10 agree) is fused multiply-adds alone.  It
# runs the app's own host reference (reference.h) twice on the same
# inputs, once compiled with contraction into fma (as GCC's nvptx code
# and ferry's entries contract) and once without (as the x86 reference
# is built), and prints the largest difference: 0.012295 at 1M x 100,
# ferry's GPU figure, and 0 at the sizes whose GPU check passes.  A 4-bit
# quantization step amplifies a last-bit difference where a value sits on
# a midpoint.  Needs a CPU with FMA (the development machine has it).
#   sh run.sh HECBENCH/src/adamw-omp
set -eu
app=${1:?usage: run.sh HECBENCH/src/adamw-omp}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -n '1,/^template/p' "$app/kernels.h" | sed '$d' > "$work/tables.h"
cp "$app/reference.h" "$work/"
g++ -O2 -ffp-contract=off -DNAME=reference_plain -I"$work" -c "$here/reference_step.cc" -o "$work/plain.o"
g++ -O2 -mfma -ffp-contract=fast -DNAME=reference_fused -I"$work" -c "$here/reference_step.cc" -o "$work/fused.o"
g++ -O2 "$here/compare.cc" "$work/plain.o" "$work/fused.o" -o "$work/compare"
for size in "1000 2" "100000 10" "1000000 10" "100000 100" "1000000 100"; do
  "$work/compare" $size
done
