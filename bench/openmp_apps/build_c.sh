#!/bin/bash
# Builds the C apps of c_apps.txt three ways into OUT/<name>.{gcc,ferry,cuda}:
# the OpenMP version with gcc (GCC 12's own offloading, sm_80 PTX) and with
# ferry-gcc, both -std=gnu99 -O3 as their Makefiles compile, and the CUDA
# version with nvcc -O3 -arch=sm_90.  XSBENCH and RSBENCH: checkouts of
# ANL-CESAR/XSBench (ba08e52) and ANL-CESAR/RSBench (34b6447).  Nothing in
# the sources is changed.  GCC 12 cannot build RSBench's (its nvptx
# compiler crashes in tree-nrv on the complex arithmetic): that line says
# FAILED, and run.sh reports the missing binary.
set -u
out=${1:?usage: build_c.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd)  # the builds run in the checkouts
gcc_c=${GCC:-gcc}
ferry_gcc=${FERRY_GCC:-ferry-gcc}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
gcc_offload="-fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -foffload-options=nvptx-none=-lm -foffload-options=nvptx-none=-latomic"
grep -v '^#' "$here/c_apps.txt" | while read -r name checkout flags args; do
  [ -z "$name" ] && continue
  [ "$flags" = "-" ] && flags=""
  src=${!checkout:?set $checkout to the checkout of $name}
  (cd "$src/openmp-offload" &&
     $gcc_c -std=gnu99 -O3 $gcc_offload $flags *.c -o "$out/$name.gcc" -lm &&
     echo "built $name.gcc") || echo "FAILED $name.gcc"
  (cd "$src/openmp-offload" &&
     "$ferry_gcc" -std=gnu99 -O3 $flags *.c -o "$out/$name.ferry" -lm &&
     echo "built $name.ferry") || echo "FAILED $name.ferry"
  (cd "$src/cuda" &&
     "$nvcc" -O3 -arch=sm_90 -std=c++17 $flags *.cu -o "$out/$name.cuda" -lm &&
     echo "built $name.cuda") || echo "FAILED $name.cuda"
done
