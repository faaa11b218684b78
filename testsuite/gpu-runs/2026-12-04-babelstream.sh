#!/bin/bash
# BabelStream's OpenMP model ported by bench/ports/babelstream_port.py:
# its 2 MiB-aligned arrays on the H200, both launch paths, against the
# port's own check; the serial build (host OpenMP) for comparison.
# Expects .gpu/lib2 (libferry at d6ac0fd) and .gpu/babel/ (babelstream_port.py
# UoB-HPC/BabelStream@57637d5 OUT ferry-g++: babelstream_ferry, _serial).
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib2
b=.gpu/babel
date -u
for path in direct omp; do
  env=; [ $path = omp ] && env=FERRY_LAUNCH=omp
  echo "== ferry $path"; env $env FERRY_STATS=1 timeout 120 $b/babelstream_ferry -n 20 2>&1 | grep -v "^ferry-path"; echo "rc=${PIPESTATUS[0]}"
done
echo "== serial (host OpenMP, 16 cores)"; timeout 120 $b/babelstream_serial -n 20; echo "rc=$?"
