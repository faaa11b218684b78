#!/bin/bash
# The nineteenth session's run.  PART=1: where HeCBench's lid-driven-cavity
# spends its time under ferry (2.0 ms an SOR iteration against CUDA's
# 43 us on 12-06): its SOR loop stopped at 2,000 iterations a step
# (ldc2k.{cuda,ferry}: it_max = 2000, the only edit), the same with
# set_horz_pres_BCs' loop variable left unassigned (ldc2k.fixferry: `int
# col = (col2 * 2) - 1`, so that every region runs as a ferry kernel),
# each with FERRY_STATS, and the ferry build under nsys where the machine
# has it; then the programs group on both launch paths.
# Expects .gpu/lib (stripped libferry.so.0, Debian's libgomp and its nvptx
# plugin), .gpu/p.tar.xz (ferry-test --prebuild /tmp/p programs) and
# .gpu/ho2 (the ldc builds: ferry-g++ -std=c++17 -O3 main.cpp; nvcc
# -std=c++17 -O3 -arch=sm_90 *.cu).
set -u
part=${PART:-1}
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs /tmp/r
trap 'tar czf $OUT/logs-$part.tgz -C /tmp logs' EXIT
trap 'exit 143' TERM
(date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader) | tee $logs/machine.txt
if [ "$part" = 1 ]; then
  for b in cuda ferry fixferry; do
    FERRY_STATS=1 timeout 45 stdbuf -oL .gpu/ho2/ldc2k.$b > $logs/ldc2k-$b.txt 2>&1
    echo "ldc2k.$b exit $?: $(grep -a 'Time = \|execution time\|ferry-stats launches\|ferry-openmp' $logs/ldc2k-$b.txt | tail -n 5 | cut -c1-200 | tr '\n' ' ')"
  done
  nsys=$(command -v nsys || ls /usr/local/cuda/bin/nsys /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -n 1)
  if [ -n "$nsys" ]; then
    (cd /tmp && timeout 90 "$nsys" profile -t cuda,osrt --stats=true \
       --force-overwrite true -o /tmp/ldc2k-ferry $OLDPWD/.gpu/ho2/ldc2k.ferry) > $logs/nsys-ldc2k-ferry.txt 2>&1
    echo "nsys exit $?"
  else
    echo "no nsys here"
  fi
  xz -dc .gpu/p.tar.xz | tar xf - -C /tmp/r
  bash testsuite/gpu-runs/prebuilt_programs.sh /tmp/r/p $logs 150
  exit 0
fi
if [ "$part" = 2 ]; then
  # The generated corpora after this session's lowering changes (shares
  # of arrays from a run-time start; frames of outlined parallel bodies):
  # kernels over every memory kind on both launch paths, the program's own
  # OpenMP regions, and OpenMP_VV's pairs.  Expects .gpu/{f,of,vv}.tar.xz
  # (ferry-fuzz --prebuild /tmp/f --cases 600 --seed 7301; ferry-fuzz
  # --openmp --prebuild /tmp/of --cases 120 --seed 73;
  # openmp_vv_prebuild.sh /tmp/vv with FERRY_PLUGIN, FERRY_INCLUDE and
  # FERRY_LIBDIR set).
  for archive in f of vv; do xz -dc .gpu/$archive.tar.xz | tar xf - -C /tmp/r; done
  bash testsuite/gpu-runs/prebuilt_corpora.sh /tmp/r $logs | tee $logs/corpora-summary.txt
  exit 0
fi
