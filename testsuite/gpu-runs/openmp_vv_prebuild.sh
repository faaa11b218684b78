#!/bin/bash
# Builds the openmp_vv group's tests with g++ and with ferry-g++ into DIR
# (DIR/<test>.gcc, DIR/<test>.ferry), for 2026-12-05-openmp.sh to run on
# the GPU machine.  Run from the repository root; FERRY_GXX names
# ferry-g++ (default: the one on PATH).  The options are the group's
# (testsuite/openmp_vv_group.py).
set -u
export dir=${1:?usage: openmp_vv_prebuild.sh DIR}
export gxx=${FERRY_GXX:-ferry-g++}
mkdir -p "$dir"
build_one() {
  local name
  name=$(echo "$1" | sed 's|testsuite/openmp_vv/tests/||; s|/|_|g')
  g++ -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 \
    -foffload-options=nvptx-none=-lm -foffload-options=nvptx-none=-latomic \
    -O2 -I testsuite/openmp_vv "$1" -o "$dir/$name.gcc" -lm >/dev/null 2>&1
  "$gxx" -O2 -I testsuite/openmp_vv "$1" -o "$dir/$name.ferry" -lm >/dev/null 2>&1
  return 0
}
export -f build_one
find testsuite/openmp_vv/tests -name '*.c' -o -name '*.cpp' | sort |
  xargs -P "${JOBS:-2}" -n 1 bash -c 'build_one "$0"'
ls "$dir" | wc -l
