#!/bin/sh
# Inside an `omp simd` loop on nvptx the frames of the functions the loop
# calls live in per-lane local memory that GCC reserves in the region's
# function (%simtstack_ar): 128 bytes unless -msoft-stack-reserve-local
# says more.  newlib's sin of a large argument needs 608 and overran it on
# the H200 (programs/direct_frames.cc with FERRY_LAUNCH=omp, an invalid
# __local__ write in __kernel_rem_pio2), so ferry-g++ reserves 1 KiB.  This
# checks the offload PTX of such a kernel: every SIMT region's reserve is
# at least that.  Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

. "$(dirname "$0")/nvptx_offload.inc"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <cmath>
[[ferry::kernel]] void waves(int n, [[ferry::out(n)]] double *w) {
  for (int i = 0; i < n; ++i) w[i] = std::sin(1e3 * i) * std::cos(0.11 * i);
}
int main() {}
CC
cd "$dir" || fail "no temporary directory"
"$FERRY_GXX" -O2 -save-temps k.cc -o k 2> build.txt ||
  { cat build.txt; fail "build failed"; }
ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept (-save-temps)"
sizes=$(tr -d '\000' < "$ptx" | sed -n 's/.*%simtstack_ar\[\([0-9]*\)\];.*/\1/p')
[ -n "$sizes" ] || fail "no SIMT region in the offload PTX: the loop lost its simd"
for size in $sizes; do
  [ "$size" -ge 1024 ] ||
    fail "a SIMT region reserves $size bytes of per-lane stack; sin's frames need 608"
done
echo "ok"
