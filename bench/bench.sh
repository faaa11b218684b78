#!/bin/sh
# The benchmark in one command: builds ferry if needed, builds the 28
# kernels (ferry, hand-written OpenMP, CUDA; ferry also runs as ferry-omp
# and ferry-naive: five variants), runs them on this machine's GPU and writes
# bench/results/$BENCH_MACHINE.csv (default h200), checking that the
# checksums agree.  Needs Debian 12 with an NVIDIA GPU, the packages
# ./build.sh installs, and nvcc for the cuda variant.
#
#   bench/bench.sh                 build and run here
#   bench/bench.sh build DIR       only build, into DIR
#   bench/bench.sh run DIR [CSV]   only run what DIR holds (on a GPU
#                                  machine without compilers: put libferry
#                                  and Debian's libgomp libraries on
#                                  LD_LIBRARY_PATH, see doc/performance.md)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
results="$top/bench/results/${BENCH_MACHINE:-h200}.csv"
ferry_gxx="$top/_build/tools/ferry-g++"

build() {
  if [ ! -x "$ferry_gxx" ]; then
    (cd "$top" && ./build.sh build)
  fi
  export FERRY_PLUGIN="$top/_build/plugin/.libs/ferry.so"
  export FERRY_INCLUDE="$top/include"
  export FERRY_LIBDIR="$top/_build/runtime/.libs"
  export FERRY_OFFLOAD_TOOLS="$top/_build/tools"
  sh "$top/bench/suite/build.sh" "$1" "$ferry_gxx"
}

case "${1:-all}" in
build) build "${2:?usage: bench.sh build DIR}" ;;
run) sh "$top/bench/suite/run.sh" "${2:?usage: bench.sh run DIR [CSV]}" "${3:-$results}" ;;
all)
  dir="$top/_build/bench"
  build "$dir"
  export LD_LIBRARY_PATH="$top/_build/runtime/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  sh "$top/bench/suite/run.sh" "$dir" "$results"
  ;;
*)
  echo "usage: bench.sh [build DIR | run DIR [CSV]]" >&2
  exit 2
  ;;
esac
