#!/bin/bash
# Runs the apps built by build.sh (DIR/<name>.{gcc,ferry,cuda}) with their
# Makefiles' arguments, ROUNDS times (default 2), the builds one after the
# other in each round: same-run ratios (BUILDS, default "cuda ferry gcc",
# names which; one that DIR lacks is skipped, such as the kernel ports of
# bench/ports/hecbench_port.py, <name>.port, of apps not ported).  Prints
# each run's wall time and the app's own output (its own timers, which
# doc/performance.md's tables compare).  LIST: the apps' list
# (default apps.txt; c_apps.txt for build_c.sh's).
set -u
dir=${1:?usage: run.sh DIR}
rounds=${ROUNDS:-2}
here=$(cd "$(dirname "$0")" && pwd)
for round in $(seq "$rounds"); do
  grep -v '^#' "$here/${LIST:-apps.txt}" | while read -r name sources flags args; do
    [ -z "$name" ] && continue
    [ "$args" = "-" ] && args=""
    for build in ${BUILDS:-cuda ferry gcc}; do
      [ -x "$dir/$name.$build" ] || continue # e.g. no port of this app
      echo "=== $name $build round $round"
      start=$(date +%s.%N)
      FERRY_STATS=1 timeout "${APP_TIMEOUT:-120}" "$dir/$name.$build" $args 2>&1 | tail -n 60
      status=${PIPESTATUS[0]}
      end=$(date +%s.%N)
      echo "--- exit $status wall $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') s"
    done
  done
done
