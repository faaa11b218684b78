#!/bin/bash
# Builds maths.cpp with g++ (GCC 12's own offloading, sm_80 PTX, as
# ferry-g++ passes it) and ferry-g++, and maths.cu with nvcc, into
# OUT/maths.{gcc,ferry,cuda}.
set -eu
out=${1:?usage: build.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
g++ -O3 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 \
  -foffload-options=nvptx-none=-lm "$here/maths.cpp" -o "$out/maths.gcc"
"${FERRY_GXX:-ferry-g++}" -O3 "$here/maths.cpp" -o "$out/maths.ferry"
"${NVCC:-/usr/local/cuda/bin/nvcc}" -O3 -arch=sm_90 "$here/maths.cu" -o "$out/maths.cuda"
