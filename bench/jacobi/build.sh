#!/bin/sh
# Builds the 2-D Jacobi benchmark's versions into DIR, on Debian 12 with
# ferry built (./build.sh) and, for the CUDA version, nvcc.
#   bench/jacobi/build.sh DIR [FERRY-G++]
set -eu
dir=${1:?usage: build.sh DIR [FERRY-G++]}
here=$(dirname "$0")
ferry_gxx=${2:-ferry-g++}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$dir"
"$ferry_gxx" -O3 -o "$dir/jacobi_ferry" "$here/jacobi_ferry.cc"
g++ -O3 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 \
  -o "$dir/jacobi_openmp" "$here/jacobi_openmp.cc"
if [ -x "$nvcc" ]; then
  "$nvcc" -O3 -arch=sm_90 -o "$dir/jacobi_cuda" "$here/jacobi_cuda.cu"
else
  echo "build.sh: no nvcc; the CUDA version is skipped" >&2
fi
