#!/bin/sh
# The frames module (tools/ferry-mkoffload.in), at link time (no GPU
# needed).  A program that ferry-g++ links carries, beside libgomp's image,
# its offload code compiled a second time without -mgomp, registered with
# libferry by a constructor: there a helper's local array is a per-thread
# .local frame, as nvcc keeps it, where libgomp's image takes it from the
# soft stack per warp (__nvptx_stacks); every direct entry is in it, and
# it names no libgomp per-warp state outside the OpenMP regions' code; an
# entry is flattened (a large helper it calls is inlined); per-thread
# arrays of 8 and 16 floats that loops index are registers; a packed
# struct's fields are loaded whole; a -ffast-math choice is a select;
# and ptxas
# accepts the module where the CUDA toolkit is installed.  The entry of
# a kernel compiled with -ffast-math has nvcc's --use_fast_math division
# and square root, that of one compiled without keeps IEEE ones.  The
# same program linked with GCC's mkoffload alone (no -B to ferry's tools)
# has no frames module and still links.  A link with -v shows the second
# compilation; a program without ferry kernels gets none.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
. "$(cd "$(dirname "$0")" && pwd)/program_bytes.inc"
[ -x "$FERRY_BUILD_DIR/tools/accel/nvptx-none/mkoffload" ] ||
  fail "the build tree has no tools/accel/nvptx-none/mkoffload"
command -v x86_64-linux-gnu-accel-nvptx-none-gcc-12 > /dev/null || {
  echo "SKIP: no nvptx offload compiler"; exit 0; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>

namespace {
__attribute__((noinline)) void add_channels(const double *grid, int points,
                                            double energy, double *xs) {
  int low = 0, high = points - 1;
  while (high - low > 1) {
    const int mid = (low + high) / 2;
    (grid[mid] > energy ? high : low) = mid;
  }
  for (int c = 0; c < 5; ++c)
    xs[c] += grid[low] * (c + 1) + grid[high];
}
}

// A helper too large for GCC's inlining heuristics, which the loop's
// three copies (entry, framed body, OpenMP region) all call.
template <int P> inline void weigh(const double *grid, int points, int i,
                                   double *out) {
  double acc[P] = {}, sq[P] = {}, lo[P], hi[P];
  for (int k = 0; k < P; ++k) lo[k] = 1e30, hi[k] = -1e30;
  for (int p = 0; p < points; ++p) {
    const double g = grid[p], h = grid[(p * 7 + i) % points];
    for (int k = 0; k < P; ++k) {
      const double d = g - (i + k) * 1e-3, e = h * (k + 1) - d;
      acc[k] += d > 0 ? d * d * 0.5 + g / (1 + d) : -d * g + 1 / (2 + g);
      sq[k] += e > 1 ? e / (d * d + 1) : e * e - h;
      lo[k] = e < lo[k] ? e : lo[k];
      hi[k] = d > hi[k] ? d : hi[k];
      if (acc[k] > 1e6) acc[k] = acc[k] * 1e-6 + d;
      if (sq[k] > 1e6) sq[k] = sq[k] * 1e-6 - e;
    }
  }
  for (int k = 0; k < P; ++k)
    out[k] = acc[k] * (k + 1) - grid[k % points] + sq[k] / (1 + hi[k] - lo[k]);
}

[[ferry::kernel]] void weights(int n, int points,
                               [[ferry::borrow(points)]] const double *grid,
                               [[ferry::out(4 * n)]] double *w) {
  for (int i = 0; i < n; ++i)
    weigh<4>(grid, points, i, w + 4 * i);
}

[[ferry::kernel]] void lookup(int n, int points,
                              [[ferry::borrow(points)]] const double *grid,
                              [[ferry::out(n)]] double *total) {
  for (int i = 0; i < n; ++i) {
    double xs[5] = {0, 0, 0, 0, 0};
    add_channels(grid, points, grid[0] + i * 1e-3, xs);
    total[i] = xs[0] + xs[1] + xs[2] + xs[3] + xs[4];
  }
}

// A docking score's shape: per-thread arrays of P floats, each indexed by
// a loop of P trips, which nvcc keeps in registers.
template <int P> inline void score(const double *grid, int points, int i,
                                   float *out) {
  float moved[P], energy[P];
  for (int k = 0; k < P; ++k)
    moved[k] = float(grid[(i + k) % points]), energy[k] = 0;
  for (int p = 0; p < points; ++p)
    for (int k = 0; k < P; ++k) {
      const float d = moved[k] - float(grid[p]);
      energy[k] += d > 0 ? d * d : -d * 0.5f;
    }
  for (int k = 0; k < P; ++k)
    out[k] = energy[k];
}

template <int P>
[[ferry::kernel]] void scores(int n, int points,
                              [[ferry::borrow(points)]] const double *grid,
                              [[ferry::out(P * n)]] float *e) {
  for (int i = 0; i < n; ++i)
    score<P>(grid, points, i, e + P * i);
}

// miniBUDE's atoms: a packed struct of 4-byte fields.
struct __attribute__((packed)) Atom { float x, y, z; int type; };

[[ferry::kernel]] void atoms(int n, [[ferry::borrow(n)]] const Atom *a,
                             [[ferry::out(n)]] float *e) {
  for (int i = 0; i < n; ++i)
    e[i] = a[i].x * a[i].y + a[i].z * float(a[i].type);
}

int main() {
  double grid[64], total[100];
  Atom a[4] = {};
  float ea[4];
  atoms(4, a, ea);
  float e8[800], e16[1600];
  scores<8>(100, 64, grid, e8);
  scores<16>(100, 64, grid, e16);
  for (int i = 0; i < 64; ++i) grid[i] = i * 0.01;
  double w[400];
  lookup(100, 64, grid, total);
  weights(100, 64, grid, w);
  return total[7] > 0 && w[9] != 0 ? 0 : 1;
}
CC
cd "$dir" || fail "no temporary directory"
"$FERRY_GXX" -O2 -c k.cc -o k.o 2> compile.log || { cat compile.log; fail "k.cc does not compile"; }
"$FERRY_GXX" -O2 -v k.o -o k 2> link.log || { cat link.log; fail "k.o does not link"; }
grep -q -- "-xlto -m64 .* -o [^ ]*/frames.ptx" link.log ||
  fail "the link with -v does not show the second nvptx compilation"
grep -q "ferry-g++: note" link.log && { grep "ferry-g++: note" link.log; fail "the frames module was not built"; }

# The frames module of PROGRAM into FILE, its objects one after another.
module_of() {
  program_bytes "$1" ferry_frames_module ferry_frames_module_end "$2.raw" ||
    fail "cannot read the module from $1"
  tr '\000' '\n' < "$2.raw" > "$2"
}

nm k | grep -q " w __ferry_register_frames_module" ||
  fail "k does not hand its frames module to libferry"
nm -D "$FERRY_BUILD_DIR/runtime/.libs/libferry.so" |
  grep -q " T __ferry_register_frames_module" ||
  fail "libferry does not export __ferry_register_frames_module"
module_of k module.ptx
grep -q "^\.visible \.entry __ferry_direct__Z6lookupiiPKdPd_0 " module.ptx ||
  fail "the frames module lacks the loop's direct entry"
awk '/FUNCTION DEF: .*add_channels/ { inside = 1 } inside && /^}/ { exit }
     inside' module.ptx > helper.ptx
[ -s helper.ptx ] || fail "the frames module lacks the helper"
grep -q "%sspprev" helper.ptx && fail "the helper's frame is on the soft stack in the frames module"
awk '/^\.visible \.entry __ferry_direct__Z6lookupiiPKdPd_0 \(.*\)$/ { inside = 1 }
     inside && /^}/ { exit } inside' module.ptx > entry.ptx
grep -q "__nvptx_uni\|__nvptx_stacks" entry.ptx &&
  fail "the plain entry names libgomp's per-warp state in the frames module"
grep -q "^\.local .* %frame_ar\[48\];" entry.ptx ||
  fail "the plain entry does not keep its xs[5] in a per-thread .local frame"
# The entry is flattened: the helper that its three copies call is inlined
# into it (GCC inlines functions called once, which it no longer is).
awk '/^\.visible \.entry __ferry_direct__Z7weightsiiPKdPd_0 \(.*\)$/ { inside = 1 }
     inside && /^}$/ { exit } inside' module.ptx > weights.ptx
[ -s weights.ptx ] || fail "the frames module lacks the weights entry"
grep -q "call.*weigh" weights.ptx && fail "the weights entry calls its helper instead of inlining it"
# Per-thread arrays of 8 and 16 floats indexed by loops of as many trips
# are registers, not a .local frame: the loops are unrolled before GCC
# scalarizes arrays (plugin/device_loops.h).
for p in 8 16; do
  awk -v p="$p" '$0 ~ "^\\.(visible|weak) \\.entry __ferry_direct__Z6scoresILi" p "EEviiPKdPf_0 \\(.*\\)$" { inside = 1 }
       inside && /^}$/ { exit } inside' module.ptx > "scores$p.ptx"
  [ -s "scores$p.ptx" ] || fail "the frames module lacks the entry of scores<$p>"
  grep -q "^\.local" "scores$p.ptx" &&
    fail "the entry of scores<$p> keeps its per-thread arrays in a .local frame"
done
# The fields of packed structs are loaded whole, not a byte at a time: the
# entry assumes the array aligned to 4 bytes (libferry checks it).
awk '/^\.visible \.entry __ferry_direct__Z5atomsiPK4AtomPf_0 \(.*\)$/ { inside = 1 }
     inside && /^}$/ { exit } inside' module.ptx > atoms.ptx
[ -s atoms.ptx ] || fail "the frames module lacks the atoms entry"
grep -q "ld\.u8\|ld\.global\.u8" atoms.ptx &&
  fail "the atoms entry loads the packed struct's fields byte by byte"
# A -ffast-math kernel's entry gets nvcc's --use_fast_math division and
# square root in the module; the same kernel compiled without it keeps
# IEEE rounding.
cat > norms.cc <<'CC'
#include <ferry/ferry.hpp>
#include <cmath>
[[ferry::kernel]] void NAME(int n, [[ferry::borrow(n)]] const float *x,
                            [[ferry::out(n)]] float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = std::sqrt(x[i]) / (1.0f + x[i] * x[i]) *
           (x[i] < 1.0f ? 1.0f : x[i] * 0.5f + 2.0f);
}
CC
sed s/NAME/norms_fast/ norms.cc > fast.cc
{ sed s/NAME/norms_ieee/ norms.cc
  echo 'void norms_fast(int, const float *, float *);'
  echo 'int main() { float x[8] = {1}, y[8]; norms_fast(8, x, y); norms_ieee(8, x, y); return y[0] > 0 ? 0 : 1; }'
} > ieee.cc
"$FERRY_GXX" -O2 -ffast-math -c fast.cc -o fast.o 2> fast.log || { cat fast.log; fail "fast.cc does not compile"; }
"$FERRY_GXX" -O2 ieee.cc fast.o -o norms 2> norms.log || { cat norms.log; fail "the norms program does not link"; }
grep -q "ferry-g++: note" norms.log && { cat norms.log; fail "the norms program's module lost its fast-math instructions"; }
module_of norms norms.ptx
entry_of() {
  awk -v entry="$1" '$0 ~ "^\\.visible \\.entry " entry " \\(.*\\)$" { inside = 1 }
       inside && /^\/\/ BEGIN / { exit } inside' norms.ptx
}
entry_of __ferry_direct__Z10norms_fastiPKfPf_0 > fast.ptx
entry_of __ferry_direct__Z10norms_ieeeiPKfPf_0 > ieee.ptx
[ -s fast.ptx ] && [ -s ieee.ptx ] || fail "the norms module lacks an entry"
grep -q "sqrt\.approx\.ftz\.f32" fast.ptx &&
  grep -q "\(div\|rcp\)\.approx\.ftz\.f32" fast.ptx ||
  fail "the -ffast-math entry's square root and division are not approximate"
grep -q "\(div\|sqrt\|rcp\)\.rn\.f32" fast.ptx &&
  fail "the -ffast-math entry keeps an IEEE division or square root"
grep -q "sqrt\.rn\.f32" ieee.ptx && grep -q "div\.rn\.f32" ieee.ptx ||
  fail "the entry compiled without -ffast-math lost its IEEE division or square root"
# The choice is a select where its arithmetic cannot trap (-ffast-math),
# and stays a branch where it may (plugin/device_selects.h).
grep -q "selp\.f32" fast.ptx ||
  fail "the -ffast-math entry keeps its choice as a branch"
grep -q "selp\.f32" ieee.ptx &&
  fail "the entry compiled with -ftrapping-math computes its choice's arithmetic on both sides"

# ptxas accepts every object of the module, where the CUDA toolkit is.
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ -x "$ptxas" ]; then
  python3 - <<'PY' || fail "cannot split the module"
text = open("module.ptx").read()
parts = text.split("// BEGIN PREAMBLE")
for k, part in enumerate(p for p in parts if p.strip()):
    open("object%02d.ptx" % k, "w").write("// BEGIN PREAMBLE" + part)
PY
  for object in object*.ptx; do
    "$ptxas" -arch=sm_90 -c "$object" -o object.cubin 2> ptxas.log ||
      { cat ptxas.log; fail "ptxas rejects $object of the frames module"; }
  done
fi

# Without ferry's tools on the link line, GCC's mkoffload alone.
FERRY_OFFLOAD_TOOLS="$dir/none" "$FERRY_GXX" -O2 k.o -o plain 2> plain.log ||
  { cat plain.log; fail "k.o does not link with GCC's mkoffload alone"; }
nm plain | grep -q ferry_frames_module && fail "GCC's mkoffload alone made a frames module"
# A program without ferry kernels, only its own target region on GCC's
# path (serial code beside a parallel loop in one `target`, which ferry
# neither checks as one loop nor runs as a serial region; a loop
# construct alone would be a kernel, and a serial `target` alone an entry
# of one thread), gets no second compilation: it has no direct entries to
# give frames to.
cat > plain_openmp.cc <<'CC'
int main() {
  double y[64] = {};
#pragma omp target map(tofrom: y)
  {
    y[0] = 1.0;
#pragma omp parallel for
    for (int i = 1; i < 64; ++i)
      y[i] = 2.0 * i;
  }
  return y[3] == 6.0 ? 0 : 1;
}
CC
"$FERRY_GXX" -O2 -v plain_openmp.cc -o plain_openmp 2> plain_openmp.log ||
  { cat plain_openmp.log; fail "a program without ferry kernels does not link"; }
grep -q -- "-xlto -m64 .* -o [^ ]*/frames.ptx" plain_openmp.log &&
  fail "a program without ferry kernels got a second nvptx compilation"
nm plain_openmp | grep -q ferry_frames_module &&
  fail "a program without ferry kernels got a frames module"
echo "PASS: frames module with per-thread .local frames"
