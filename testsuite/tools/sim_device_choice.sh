#!/bin/sh
# Which of FERRY_SIM_DEVICES sim devices a process starts on: the one a GPU
# of that number would be (runtime/devices/device_choice.cc), so that a
# machine without GPUs tests a process on its node's second GPU:
# FERRY_GPU=N, a node-local MPI rank modulo the devices, else the first;
# a FERRY_GPU past the devices stops the program with the devices' count.
# The kernel's answers are the same on either.  Runs against the build
# tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>
[[ferry::kernel]] void scale(int n, [[ferry::borrow_mut(n)]] double *v) {
  for (int i = 0; i < n; ++i) v[i] *= 2;
}
int main() {
  std::vector<double> v(64, 1.5);
  for (int step = 0; step < 3; ++step) scale(64, v.data());
  std::printf("%g %g\n", v[0], v[63]);
}
CC
"$FERRY_GXX" -O2 "$dir/k.cc" -o "$dir/k" 2> "$dir/build.txt" ||
  { cat "$dir/build.txt"; fail "build failed"; }

# runs_on WANT ENV...: the run's answers and the sim device it names.
runs_on() {
  want=$1; shift
  out=$(env FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_STATS=1 "$@" "$dir/k" 2>&1) ||
    fail "$* failed: $out"
  echo "$out" | grep -q '^12 12$' || fail "$*: wrong answers: $out"
  echo "$out" | grep -q "kernels run on the host (sim $want of 2)" ||
    fail "$*: not on sim device $want: $out"
}
runs_on 0 FERRY_GPU=auto
runs_on 1 FERRY_GPU=1
runs_on 0 FERRY_GPU=0
runs_on 1 OMPI_COMM_WORLD_LOCAL_RANK=3
runs_on 0 OMPI_COMM_WORLD_LOCAL_RANK=2
runs_on 1 FERRY_GPU=local-rank SLURM_LOCALID=1

if out=$(FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_GPU=2 "$dir/k" 2>&1); then
  fail "FERRY_GPU=2 of two sim devices ran: $out"
fi
echo "$out" | grep -q "FERRY_GPU=2, but FERRY_SIM_DEVICES stands for 2 GPU(s), numbered from 0" ||
  fail "FERRY_GPU=2's message: $out"
echo "ok"
