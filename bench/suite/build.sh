#!/bin/sh
# Builds the benchmark's variants into DIR (Debian 12 with ferry built):
#   suite_ferry   ferry-g++ (runs as `ferry`, and as `ferry-naive` with
#                 FERRY_RESIDENCY=0)
#   suite_omp     g++ -fopenmp, RAJAPerf's Base_OpenMPTarget shape
#   suite_cuda    nvcc, RAJAPerf's Base_CUDA shape (skipped without nvcc)
#
#   bench/suite/build.sh DIR [FERRY-G++]
set -eu
dir=${1:?usage: build.sh DIR [FERRY-G++]}
here=$(cd "$(dirname "$0")" && pwd)
ferry_gxx=${2:-ferry-g++}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
include=$("$ferry_gxx" --showme | tr ' ' '\n' | sed -n 's/^-I//p' | head -1)
# The omp variant gets ferry's offload options (-lm, -latomic for nvptx),
# not its plugin, nor the larger per-lane stack reserve of ferry's regions
# (-msoft-stack-reserve-local), which needs the GPU's stack limit that
# libferry raises: without libferry, GCC's reserve, or the region stops
# with an illegal memory access.
offload=$("$ferry_gxx" --showme | tr ' ' '\n' | grep '^-foffload' |
  grep -v soft-stack-reserve-local | tr '\n' ' ')
mkdir -p "$dir"
echo "build.sh: suite_ferry" >&2
"$ferry_gxx" -O3 -o "$dir/suite_ferry" "$here/host_suite.cc"
echo "build.sh: suite_omp" >&2
# shellcheck disable=SC2086
g++ -O3 -fopenmp $offload -DFERRY_BENCH_OMP_TARGET -I"$include" \
  -o "$dir/suite_omp" "$here/host_suite.cc" -Wl,-z,notext
if [ -x "$nvcc" ]; then
  echo "build.sh: suite_cuda" >&2
  "$nvcc" -O3 -std=c++17 -arch=sm_90 --expt-relaxed-constexpr -I"$include" -o "$dir/suite_cuda" \
    "$here/cuda_suite.cu"
else
  echo "build.sh: no nvcc; the cuda variant is skipped" >&2
fi
