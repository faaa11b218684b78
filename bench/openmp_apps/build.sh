#!/bin/bash
# Builds the apps of apps.txt three ways into OUT/<name>.{gcc,ferry,cuda}:
# the OpenMP version with g++ (GCC 12's own offloading, as ferry-g++ passes
# it: sm_80 PTX) and with ferry-g++, both -O3, and the CUDA version with
# nvcc -O3 -arch=sm_90.  HECBENCH: a checkout of HeCBench's src/ folder
# (git archive of commit f27000a).  Nothing in the sources is changed.
# LIST: the apps' list (default apps.txt; team_apps.txt for the programs
# whose kernels are CUDA-style team regions); NVCC=false skips the CUDA
# versions.
set -u
src=${HECBENCH:?set HECBENCH to HeCBench/src}
out=${1:?usage: build.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd) # the builds run in each app's folder
gxx=${FERRY_GXX:-ferry-g++}
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
gcc_offload="-fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 -foffload-options=nvptx-none=-lm -foffload-options=nvptx-none=-latomic"
grep -v '^#' "$here/${LIST:-apps.txt}" | while read -r name sources flags args; do
  [ -z "$name" ] && continue
  [ "$flags" = "-" ] && flags=""
  flags=$(echo "$flags" | tr ',' ' ') # several options are joined by commas
  omp_sources=$(echo "$sources" | tr ',' ' ')
  (cd "$src/$name-omp" &&
     g++ -std=c++17 -O3 $gcc_offload $flags $omp_sources -o "$out/$name.gcc" &&
     echo "built $name.gcc") || echo "FAILED $name.gcc"
  (cd "$src/$name-omp" && "$gxx" -std=c++17 -O3 $flags $omp_sources \
     -o "$out/$name.ferry" && echo "built $name.ferry") || echo "FAILED $name.ferry"
  (cd "$src/$name-cuda" &&
     "$nvcc" -std=c++17 -O3 -arch=sm_90 $flags $(ls *.cu) -o "$out/$name.cuda" &&
     echo "built $name.cuda") || echo "FAILED $name.cuda"
done
