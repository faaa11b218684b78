#!/bin/bash
# Builds the openmp_vv group's tests into DIR (DIR/<test>.gcc,
# DIR/<test>.ferry), the C tests with gcc and ferry-gcc, the C++ tests
# with g++ and ferry-g++, for the GPU scripts to run on the GPU machine.
# Run from the repository root; FERRY_GXX names ferry-g++ (default: the
# one on PATH; ferry-gcc is beside it).  The options are the group's
# (testsuite/openmp_vv_group.py).
set -u
export dir=${1:?usage: openmp_vv_prebuild.sh DIR}
export gxx=${FERRY_GXX:-ferry-g++}
export gcc_c
gcc_c=$(dirname "$(command -v "$gxx")")/ferry-gcc
mkdir -p "$dir"
build_one() {
  local name plain ferry
  name=$(echo "$1" | sed 's|testsuite/openmp_vv/tests/||; s|/|_|g')
  case $1 in
    *.c) plain=gcc; ferry=$gcc_c ;;
    *) plain=g++; ferry=$gxx ;;
  esac
  $plain -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80 \
    -foffload-options=nvptx-none=-lm -foffload-options=nvptx-none=-latomic \
    -O2 -I testsuite/openmp_vv "$1" -o "$dir/$name.gcc" -lm >/dev/null 2>&1
  "$ferry" -O2 -I testsuite/openmp_vv "$1" -o "$dir/$name.ferry" -lm >/dev/null 2>&1
  return 0
}
export -f build_one
find testsuite/openmp_vv/tests -name '*.c' -o -name '*.cpp' | sort |
  xargs -P "${JOBS:-2}" -n 1 bash -c 'build_one "$0"'
gcc_builds=$(find "$dir" -name '*.gcc' | wc -l)
ferry_builds=$(find "$dir" -name '*.ferry' | wc -l)
echo "$gcc_builds GCC builds, $ferry_builds ferry builds in $dir"
# No ferry build at all is ferry's set-up, not the tests: a build tree's
# ferry-g++ needs FERRY_PLUGIN, FERRY_INCLUDE and FERRY_LIBDIR (as
# ferry-test sets them); the first build's errors say what is missing.
if [ "$ferry_builds" -eq 0 ]; then
  first=$(find testsuite/openmp_vv/tests -name '*.cpp' | sort | head -n 1)
  "$gxx" -O2 -I testsuite/openmp_vv "$first" -o "$dir/first.ferry" -lm
  exit 1
fi
