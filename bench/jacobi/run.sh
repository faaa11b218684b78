#!/bin/sh
# Runs the four versions of the 2-D Jacobi benchmark on the GPU machine and
# prints one CSV line per run (version,n,steps,seconds,checksum), the
# ferry-stats line of the ferry runs, and each process's wall time.
#   bench/jacobi/run.sh DIR    DIR holds jacobi_ferry, jacobi_openmp and
#                              jacobi_cuda (see build.sh); LD_LIBRARY_PATH
#                              must reach libferry and Debian's libgomp
set -eu
dir=${1:?usage: run.sh DIR}
repeats=${REPEATS:-3}
wall() { /usr/bin/time -f "wall,%e s" "$@"; }
for i in $(seq "$repeats"); do
  FERRY_STATS=1 wall "$dir/jacobi_ferry"
  FERRY_STATS=1 FERRY_RESIDENCY=0 wall "$dir/jacobi_ferry"
  wall "$dir/jacobi_openmp"
  if [ -x "$dir/jacobi_cuda" ]; then wall "$dir/jacobi_cuda"; fi
done
