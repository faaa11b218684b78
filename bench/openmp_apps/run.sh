#!/bin/bash
# Runs the apps built by build.sh (DIR/<name>.{gcc,ferry,cuda}) with their
# Makefiles' arguments, ROUNDS times (default 2), the three builds one after
# the other in each round: same-run ratios (BUILDS, default "cuda ferry
# gcc", names which).  Prints each run's wall time and the app's own
# output; summary.py turns the log into a table.  LIST: the apps' list
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
      echo "=== $name $build round $round"
      start=$(date +%s.%N)
      FERRY_STATS=1 timeout "${APP_TIMEOUT:-120}" "$dir/$name.$build" $args 2>&1 | tail -n 60
      status=${PIPESTATUS[0]}
      end=$(date +%s.%N)
      echo "--- exit $status wall $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') s"
    done
  done
done
