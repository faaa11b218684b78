#!/bin/bash
# Launches on the sim device while two busy processes load the machine
# (doc/performance.md, "Launches in libgomp's host fallback"): builds
# launch_loop.cc and alarm_reads.cc with ferry-g++ into DIR, then runs each
# loaded and quiet.
#
#   bench/host_fallback/loaded.sh DIR [FERRY-G++]
set -eu
dir=${1:?usage: loaded.sh DIR [FERRY-G++]}
here=$(cd "$(dirname "$0")" && pwd)
ferry_gxx=${2:-ferry-g++}
mkdir -p "$dir"
"$ferry_gxx" -O2 -o "$dir/launch_loop" "$here/launch_loop.cc"
"$ferry_gxx" -O2 -o "$dir/alarm_reads" "$here/alarm_reads.cc"
TIMEFORMAT='alarm_reads: %R s'
run() {
  FERRY_DEVICE=sim "$dir/launch_loop" 2000
  time FERRY_DEVICE=sim "$dir/alarm_reads" > /dev/null
}
yes > /dev/null & first=$!
yes > /dev/null & second=$!
trap 'kill $first $second 2> /dev/null' EXIT
echo "loaded (two busy processes):"
run
kill $first $second
echo "quiet:"
run
