#!/bin/bash
# Times each kernel of DIR/maths.{cuda,ferry,gcc} (build.sh) under ncu,
# one build after the other, and prints each kernel's mean time in µs in
# the order the programs launch them: sqrtf, fmaxf/fminf, expf, logf,
# sinf*cosf, powf, exp+log in double, sin*cos in double.  GCC's build also launches nothing
# else; ferry's kernels of one program are named after their line.
set -u
dir=${1:?usage: run.sh DIR}
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
for build in ${BUILDS:-cuda ferry gcc}; do
  echo "== $build: $("$dir/maths.$build" | tail -n 1)"
  timeout 300 "$ncu" --clock-control none --csv --print-units base \
    --metrics gpu__time_duration.sum "$dir/maths.$build" 2> /dev/null |
    python3 -c '
import csv, sys
def number(text):
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None
rows = [r for r in csv.reader(sys.stdin) if len(r) > 10 and number(r[-1]) is not None]
order, times = [], {}
for r in rows:
    name = r[4]
    if name not in times:
        order.append(name)
        times[name] = []
    times[name].append(number(r[-1]) / 1000)
for name in order:
    print("%-60s %4d launches %10.1f us" % (name[:60], len(times[name]), sum(times[name]) / len(times[name])))
'
done
