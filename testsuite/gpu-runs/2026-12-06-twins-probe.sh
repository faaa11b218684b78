#!/bin/bash
# Why four team-region apps fail on the GPU after the fourteenth
# session's twins (2026-12-06-twins-serial.sh, PART=2): radixsort, split
# and pns stop with an illegal memory access in a team entry whose
# registers libferry capped, loopback outruns 25 s.  Each at a small
# size: as built, with FERRY_REGISTER_CAPS=0, with FERRY_LAUNCH=omp (the
# region as GCC compiled it), and under compute-sanitizer.  Expects .gpu/lib
# and .gpu/team3/*.ferry.
set -u
export LD_LIBRARY_PATH=$PWD/.gpu/lib
logs=/tmp/logs; mkdir -p $logs
trap 'tar czf $OUT/logs.tgz -C /tmp logs' EXIT
(date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader) | tee $logs/machine.txt
while read -r name args; do
  for setting in "" FERRY_REGISTER_CAPS=0 FERRY_LAUNCH=omp; do
    env FERRY_STATS=1 $setting timeout 20 .gpu/team3/$name.ferry $args > $logs/$name-${setting:-default}.txt 2>&1
    echo "$name ${setting:-default}: exit $?; $(grep -a -h -i 'PASS\|FAIL\|error\|illegal' $logs/$name-${setting:-default}.txt | head -3 | tr '\n' ' ' | cut -c1-200)"
  done
  timeout 60 /usr/local/cuda/bin/compute-sanitizer --print-limit 5 .gpu/team3/$name.ferry $args > $logs/$name-sanitizer.txt 2>&1
  echo "$name sanitizer: exit $?"; grep -a -m12 "Invalid\|at 0x\|by thread\|Address\|ERROR SUMMARY" $logs/$name-sanitizer.txt
done <<'LIST'
radixsort 1
split 1048576 1
pns 22 1000 10000
loopback 0 1
LIST
