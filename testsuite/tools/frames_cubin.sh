#!/bin/sh
# The frames module's cubin (tools/ferry-cubin.cc), at link time (no GPU
# needed).  Where ferry was built with the CUDA toolkit's nvJitLink, a
# program that ferry-g++ links carries, beside its frames module, that
# module linked for the GPU FERRY_CUDA_ARCH names (sm_90 by default) as
# libferry would link it at the first launch, with the notes of its
# register caps, registered with libferry by the same constructor: an ELF
# for the CUDA machine that defines the kernel's direct entry and not the
# function no entry reaches.  FERRY_CUDA_ARCH=none leaves it out; an
# architecture nvJitLink does not know leaves it out with a note and the
# program still links; a module that does not link makes ferry-cubin say
# why and fail.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
. "$(cd "$(dirname "$0")" && pwd)/program_bytes.inc"
tool=$FERRY_BUILD_DIR/tools/accel/nvptx-none/ferry-cubin
[ -x "$tool" ] || { echo "SKIP: ferry was built without nvJitLink"; exit 0; }
command -v x86_64-linux-gnu-accel-nvptx-none-gcc-12 > /dev/null || {
  echo "SKIP: no nvptx offload compiler"; exit 0; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>

__attribute__((noinline)) double never_launched(double x) { return x * 3; }

[[ferry::kernel]] void gather(int n, [[ferry::borrow(n)]] const int *index,
                              [[ferry::borrow(n)]] const double *x,
                              [[ferry::out(n)]] double *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[index[i]] + x[i];
}

int main(int argc, char **) {
  int index[8];
  double x[8], y[8];
  for (int i = 0; i < 8; ++i)
    index[i] = 7 - i, x[i] = i;
  gather(8, index, x, y);
  return y[0] == 7 && never_launched(argc) > 0 ? 0 : 1;
}
CC
cd "$dir" || fail "no temporary directory"
"$FERRY_GXX" -O2 -c k.cc -o k.o 2> compile.log || { cat compile.log; fail "k.cc does not compile"; }
"$FERRY_GXX" -O2 k.o -o k 2> link.log || { cat link.log; fail "k.o does not link"; }
grep -q "ferry-g++: note" link.log && { cat link.log; fail "the link left a note"; }


nm k | grep -q " r ferry_frames_cubin$" || fail "k carries no cubin of its frames module"
nm k | grep -q " w __ferry_register_frames_cubin" ||
  fail "k does not hand its cubin to libferry"
nm -D "$FERRY_BUILD_DIR/runtime/.libs/libferry.so" |
  grep -q " T __ferry_register_frames_cubin" ||
  fail "libferry does not export __ferry_register_frames_cubin"
program_bytes k ferry_frames_cubin ferry_frames_cubin_end k.cubin ||
  fail "cannot read k's cubin"
python3 - k.cubin <<'PY' || fail "k's cubin is not an ELF for the CUDA machine"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:4] == b"\x7fELF", "no ELF magic"
assert struct.unpack_from("<H", data, 18)[0] == 190, "e_machine is not EM_CUDA"
PY
grep -q "__ferry_direct__Z6gatheriPKiPKdPd_0" k.cubin ||
  fail "k's cubin lacks the kernel's direct entry"
grep -q "never_launched" k.cubin &&
  fail "k's cubin has a function that no direct entry reaches"
grep -q "_framed" k.cubin && fail "k's cubin has the framed twin, which never runs"
nm k | awk '$3 == "ferry_frames_notes"' | grep -q . || fail "k carries no notes of its cubin's plan"
strings k | grep -q "^caps [0-9]* [0-9]*$" || fail "the cubin's notes do not say its register caps"

# FERRY_CUDA_ARCH=none: no cubin; an unknown architecture: a note, no cubin.
FERRY_CUDA_ARCH=none "$FERRY_GXX" -O2 k.o -o k_none 2> none.log || { cat none.log; fail "k.o does not link without a cubin"; }
nm k_none | grep -q "ferry_frames_cubin" && fail "FERRY_CUDA_ARCH=none still added a cubin"
nm k_none | grep -q "ferry_frames_module$" || fail "FERRY_CUDA_ARCH=none lost the frames module"
FERRY_CUDA_ARCH=sm_1 "$FERRY_GXX" -O2 k.o -o k_bad 2> bad.log || { cat bad.log; fail "k.o does not link for an unknown architecture"; }
grep -q "ferry-g++: note: no sm_1 cubin of the direct entries" bad.log ||
  { cat bad.log; fail "an unknown architecture gave no note"; }
nm k_bad | grep -q "ferry_frames_cubin" && fail "an unknown architecture still gave a cubin"

# A module that does not link: ferry-cubin says why and fails.
printf '.version 7.0\n.target sm_80\n.address_size 64\n.visible .entry __ferry_direct_broken_0 ()\n{\n  bogus.instruction;\n}\n' > broken.ptx
"$tool" sm_90 broken.ptx broken.cubin broken.notes 2> broken.log &&
  fail "ferry-cubin linked a module that does not compile"
grep -q "ferry-cubin: .*does not" broken.log || { cat broken.log; fail "ferry-cubin did not say why"; }
echo "PASS: the frames module's cubin"
