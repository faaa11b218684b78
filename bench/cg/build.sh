#!/bin/sh
# Builds the CG benchmark's versions into DIR, on Debian 12 with ferry
# built (./build.sh) and, for the CUDA version, nvcc.
#   bench/cg/build.sh DIR [FERRY-G++]
#   DIR/cg_ferry; DIR/cg_cuda        (CG_N, CG_ITERATIONS: cg.hpp)
set -eu
dir=${1:?usage: build.sh DIR [FERRY-G++]}
here=$(dirname "$0")
ferry_gxx=${2:-ferry-g++}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$dir"
"$ferry_gxx" -O3 -o "$dir/cg_ferry" "$here/cg_ferry.cc"
if [ -x "$nvcc" ]; then
  "$nvcc" -O3 -arch=sm_90 -o "$dir/cg_cuda" "$here/cg_cuda.cu"
else
  echo "build.sh: no nvcc; the CUDA version is skipped" >&2
fi
