#!/bin/bash
# Runs the pairs that openmp_vv_prebuild.sh built in DIR (DIR/<test>.gcc and
# DIR/<test>.ferry), 8 at a time, each stopped after TIMEOUT seconds
# (default 60), on the GPU machine: writes a line per test to OUT
# (`<test> gcc=<exit> ferry=<exit> launches=<ferry's FERRY_STATS count>`)
# and prints the summary: ferry's build must pass where GCC's passes.
set -u
dir=${1:?usage: openmp_vv_pairs.sh DIR OUT [TIMEOUT]}
out=${2:?usage: openmp_vv_pairs.sh DIR OUT [TIMEOUT]}
export limit=${3:-60}
run_pair() {
  local gcc=$1 ferry=${1%.gcc}.ferry g=missing f=missing stats=""
  if [ -x "$gcc" ]; then timeout "$limit" "$gcc" > /dev/null 2>&1; g=$?; fi
  if [ -x "$ferry" ]; then
    FERRY_STATS=1 timeout "$limit" "$ferry" > /dev/null 2> "$ferry.err"; f=$?
    stats=$(grep -o "^ferry-stats launches=[0-9]*" "$ferry.err" | head -1)
  fi
  echo "$(basename "${gcc%.gcc}") gcc=$g ferry=$f ${stats#ferry-stats }"
}
export -f run_pair
ls "$dir"/*.gcc | xargs -P 8 -n 1 bash -c 'run_pair "$0"' | sort > "$out"
awk '{split($2,g,"="); split($3,f,"="); if (g[2]=="0" && f[2]!="0") bad++; if (g[2]=="0") gp++; if (f[2]=="0") fp++; n++}
     END {printf "openmp_vv: %d tests, GCC passes %d, ferry passes %d, ferry fails where GCC passes: %d\n", n, gp, fp, bad}' "$out"
echo "tests with ferry launches: $(grep -c 'launches=[1-9]' "$out")"
awk '{split($2,g,"="); split($3,f,"="); if (g[2]=="0" && f[2]!="0") print}' "$out" | head -20
