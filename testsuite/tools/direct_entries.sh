#!/bin/sh
# The direct launch path at compile time (no GPU needed): every kernel loop
# (kernels over structs and vectors too) gets a PTX .entry in the offload
# code, free of libgomp's per-warp state; frame-free also in the functions
# it calls once GCC has inlined them (a helper that takes the address of a
# local and is inlined), while one whose helpers keep a stack frame has the
# frames in its PTX, where libferry looks before a launch.  A loop that
# calls functions or has locals in memory also gets a framed twin,
# ENTRY_framed: a .entry without a frame of its own, which gives each
# thread its stack and calls the loop's body; a loop of plain arithmetic
# gets none; nor does one whose helpers keep small arrays indexed by short
# counted loops (they are unrolled before GCC scalarizes the arrays).  The
# host assembly holds no PTX.
# With -fplugin-arg-ferry-nc-loads, reads of `borrow` buffers are
# non-coherent loads (ld.global.nc) and reads of anything the kernel writes
# are not; without it there are none.  Nests run over a 3-D grid without
# dividing their index, along x the level the accesses step through
# element by element (the innermost, or the next where only it does);
# entries without reductions have no loop.  Reductions end in one pass (block
# scratch in .shared memory, kept out of libgomp's offload table).  A
# borrowed buffer of 16 coefficients (a length known at compile time) gets
# a _constants twin that takes them as parameters, frame-free.  ptxas
# accepts the PTX where the CUDA toolkit is installed.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
#include <ferry/ferry.hpp>
#include <algorithm>
#include <vector>

struct Coefficients { double a, b; int shift; };

[[ferry::kernel]] void axpy(long n, double a, [[ferry::borrow(n)]] const double *x,
                            [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i) y[i] += a * x[i];
}
[[ferry::kernel]] void plane(int ni, int nj, [[ferry::out(ni * nj)]] float *p) {
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j) p[i * nj + j] = i + 0.5f * j;
}
[[ferry::kernel]] void columns(int ni, int nj, [[ferry::out(ni * nj)]] float *p) {
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j) p[i + j * ni] = i + 0.5f * j;
}
[[ferry::kernel]] void cube(int n, [[ferry::out(n * n * n)]] double *c) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < n; ++k) c[(i * n + j) * n + k] = i - j + k;
}
[[ferry::kernel]] double sums(long n, [[ferry::borrow(n)]] const double *x) {
  double total = 0, product = 1, low = 1e300, high = -1e300;
  for (long i = 0; i < n; ++i) {
    total += x[i];
    product *= x[i];
    low = std::min(low, x[i]);
    high = std::max(high, x[i]);
  }
  return total + product + low + high;
}
[[ferry::kernel]] void histogram(long n, int bins, [[ferry::borrow(n)]] const int *v,
                                 [[ferry::shared_mut(bins)]] unsigned *h) {
  for (long i = 0; i < n; ++i) h[v[i] % bins] += 1;
}
[[ferry::kernel]] void staged(long n, Coefficients c, [[ferry::borrow(n)]] const double *x,
                              [[ferry::scratch(n)]] double *t, [[ferry::out(n)]] double *y) {
  for (long i = 0; i < n; ++i) t[i] = c.a * x[i];
  for (long i = 0; i < n; ++i) y[i] = t[i] + c.b;
}
inline double through_memory(double v) {
  double copy = v;
  double *p = &copy;
  return *p * 2;
}
[[ferry::kernel]] void framed(long n, [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i) y[i] = through_memory(y[i]);
}
__attribute__((noinline)) void fill_five(double *xs, double e) {
  for (int k = 0; k < 5; ++k) xs[k] += e * (k + 1);
}
__attribute__((noinline)) double five_sums(double e) {
  double xs[5] = {0, 0, 0, 0, 0};
  fill_five(xs, e);
  fill_five(xs, 2 * e);
  return xs[0] + xs[4];
}
[[ferry::kernel]] void kept_frame(long n, [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i) y[i] = five_sums(y[i]);
}
// XSBench's shape: a helper fills a small array in short counted loops,
// the caller accumulates into another and picks its largest channel.
inline void channel_values(double e, double out[5]) {
  double xs[5];
  for (int k = 0; k < 5; ++k) xs[k] = e * (k + 1) - k * k;
  for (int k = 0; k < 5; ++k) out[k] += xs[k];
}
[[ferry::kernel]] void channels(long n, [[ferry::borrow(n)]] const double *e,
                                [[ferry::out(n)]] int *best) {
  for (long i = 0; i < n; ++i) {
    double macro[5];
    for (int k = 0; k < 5; ++k) macro[k] = 0;
    for (long j = 0; j < n % 7; ++j) channel_values(e[i] + j, macro);
    double largest = -1;
    int channel = 0;
    for (int k = 0; k < 5; ++k)
      if (macro[k] > largest) { largest = macro[k]; channel = k; }
    best[i] = channel;
  }
}
inline double twice(const double *p) { return 2 * *p; }
[[ferry::kernel]] void fields(long n, [[ferry::borrow(n)]] const Coefficients *c,
                              [[ferry::borrow(n)]] const double *x,
                              [[ferry::out(n)]] double *y) {
  for (long i = 0; i < n; ++i) {
    const Coefficients whole = c[i];
    y[i] = c[i].a * (i > 0 ? x[i - 1] : 0) + twice(&x[i]) + whole.b;
  }
}
struct Bodies {
  long n;
  double scale[2];
  [[ferry::borrow(n)]] const double *m;
  [[ferry::borrow_mut(n)]] double *v;
};
[[ferry::kernel]] void soa(const Bodies &b, double dt) {
  for (long i = 0; i < b.n; ++i) b.v[i] += dt * b.scale[0] / b.m[i];
}
[[ferry::kernel]] void vectors(const std::vector<double> &x, std::vector<double> &y) {
  for (std::size_t i = 0; i < y.size(); ++i) y[i] += x[i];
}
// A filter's coefficients: a borrowed buffer of 16 numbers whose length is
// known at compile time, so a twin takes them as parameters.
constexpr long kTaps = 16;
[[ferry::kernel]] void filter(long n, [[ferry::borrow(kTaps)]] const double *coeff,
                              [[ferry::borrow(n + kTaps - 1)]] const double *in,
                              [[ferry::out(n)]] double *out) {
  for (long i = 0; i < n; ++i) {
    double sum = 0;
    for (long j = 0; j < kTaps; ++j) sum += coeff[j] * in[i + j];
    out[i] = sum;
  }
}
// md's gathers: an aligned struct of four floats, read whole, is one
// vector load (non-coherent from a borrowed buffer under nc-loads).
struct alignas(16) Point { float x, y, z, w; };
[[ferry::kernel]] void gather(long n, [[ferry::borrow(n)]] const Point *p,
                              [[ferry::borrow(n)]] const int *idx,
                              [[ferry::out(n)]] float *d) {
  for (long i = 0; i < n; ++i) {
    const Point a = p[i];
    const Point b = p[idx[i]];
    d[i] = (a.x - b.x) + (a.y - b.y) * (a.z - b.z);
  }
}
int main() {}
CC
cd "$dir" || fail "no temporary directory"
"$FERRY_GXX" -O2 -save-temps -fplugin-arg-ferry-explain -fplugin-arg-ferry-nc-loads \
  k.cc -o k 2> explain.txt ||
  { cat explain.txt; fail "build failed"; }

for kernel in axpy plane cube sums histogram staged soa vectors framed kept_frame; do
  grep -q "note: ferry: direct entry '__ferry_direct__Z[0-9]*$kernel" explain.txt ||
    fail "explain names no direct entry for $kernel"
done

grep -q "note: ferry: direct entry '__ferry_direct__Z[0-9]*plane.*blocks of up to 32 x 8 threads, 'j' along x and 'i' along y)" explain.txt ||
  fail "explain does not say how the nest plane runs over the grid"
# A nest whose accesses are contiguous along its outer level (a column of
# p[i + j * ni] a warp) runs that level along x.
grep -q "note: ferry: direct entry '__ferry_direct__Z[0-9]*columns.*blocks of up to 32 x 8 threads, 'i' along x and 'j' along y (the accesses are contiguous along 'i'))" explain.txt ||
  fail "explain does not say that the nest columns runs its outer level along x"
grep -q "note: ferry: 'coeff' has a length known at compile time (kTaps)" explain.txt ||
  fail "explain does not say that filter's coefficients go in the launch's parameters"

ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$ptx" ] || fail "no offload PTX was kept (-save-temps)"
tr -d '\000' < "$ptx" > ptx.txt
if grep -q "ferry-ptx" k.s; then fail "PTX text reached the host assembly"; fi

python3 - ptx.txt <<'PY' || exit 1
import re, sys
text = open(sys.argv[1]).read()
# A function's body runs to the next function, or to the "// BEGIN"
# comment GCC puts before every declaration and definition (its call
# sequences are blocks of their own, so the first "}" is not the end).
bodies = {}
for match in re.finditer(r"^(?:\.visible |\.weak )?\.(?:entry|func)\s*(?:\([^)]*\)\s*)?([\w$.]+)\s*\([^\n]*\n\{\n(.*?)(?=^// BEGIN|^(?:\.visible |\.weak )?\.(?:entry|func)\b|\Z)", text, re.S | re.M):
    bodies[match.group(1)] = match.group(2)
all_entries = sorted(n for n in bodies if n.startswith("__ferry_direct_") and
                     re.search(r"^\.visible \.entry %s\b" % re.escape(n), text, re.M))
framed = [e for e in all_entries if e.endswith("_framed")]
constants = [e for e in all_entries if e.endswith("_constants")]
entries = [e for e in all_entries if e not in framed and e not in constants]
expected = ["axpy", "plane", "cube", "sums", "histogram", "staged", "soa", "vectors",
            "channels"]
for kernel in expected:
    found = [e for e in entries if re.match(r"__ferry_direct__Z\d+%s" % kernel, e)]
    if not found:
        sys.exit("FAIL: no .entry for kernel %s in the offload PTX (entries: %s)" % (kernel, entries))
staged = [e for e in entries if "staged" in e]
if len(staged) != 2:
    sys.exit("FAIL: kernel 'staged' has two loops but %d entries" % len(staged))
# Decided after inlining: framed's helper is inlined and its local kept in
# a register, so its entry is frame-free like the others; kept_frame's
# helpers are not inlined and its entry needs stack frames, which libferry
# finds in this PTX at run time (and launches the framed twin instead).
kept = [e for e in entries if "kept_frame" in e]
if len(kept) != 1:
    sys.exit("FAIL: kernel 'kept_frame' has %d entries" % len(kept))
# The functions ENTRY calls, directly or not, and itself.
def reachable(entry):
    pending, seen = [entry], set()
    while pending:
        name = pending.pop()
        if name in seen or name not in bodies:
            continue
        seen.add(name)
        pending += re.findall(r"\bcall(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([\w$.]+)", bodies[name])
    return seen
# A function reachable from ENTRY whose body mentions MARKER.
def reaches(entry, marker):
    return next((n for n in sorted(reachable(entry)) if marker in bodies[n]), None)
# A frame's prologue loads the soft-stack pointer into %sspprev.
FRAME = "%sspprev"
if not reaches(kept[0], FRAME):
    sys.exit("FAIL: the entry of 'kept_frame' uses no stack frame; the test lost its point")
for entry in entries:
    if entry not in kept:
        for marker in (FRAME, "__nvptx_stacks"):
            user = reaches(entry, marker)
            if user:
                sys.exit("FAIL: %s (called from %s) uses %s" % (user, entry, marker))
    user = reaches(entry, "__nvptx_uni")
    if user:
        sys.exit("FAIL: %s (called from %s) uses __nvptx_uni" % (user, entry))
if kept[0] + "_framed" not in framed:
    sys.exit("FAIL: kernel 'kept_frame' has no framed entry (entries: %s)" % framed)
for twin in framed:
    if twin[:-len("_framed")] not in entries:
        sys.exit("FAIL: the framed entry %s has no plain twin" % twin)
    if FRAME in bodies[twin]:
        sys.exit("FAIL: %s takes a frame before giving the thread its stack" % twin)
    if "__nvptx_stacks" not in bodies[twin]:
        sys.exit("FAIL: %s does not give the thread its stack" % twin)
    user = reaches(twin, "__nvptx_uni")
    if user:
        sys.exit("FAIL: %s (called from %s) uses __nvptx_uni" % (user, twin))
for kernel in ("axpy", "plane", "cube", "soa", "vectors"):
    if any(re.match(r"__ferry_direct__Z\d+%s" % kernel, t) for t in framed):
        sys.exit("FAIL: %s, plain arithmetic, got a framed entry" % kernel)
entries = [e for e in entries if e not in kept]
def entry(kernel, loop=0):
    names = [e for e in entries if re.match(r"__ferry_direct__Z\d+%s.*_%d$" % (kernel, loop), e)]
    if len(names) != 1:
        sys.exit("FAIL: expected one entry for loop %d of %s, found %s" % (loop, kernel, names))
    return bodies[names[0]]
def loads(body, nc):
    pattern = r"\bld\.global\.nc\.b(32|64)\b" if nc else r"\bld(\.global)?\.(f|u|s|b)(32|64)\b"
    return len(re.findall(pattern, body))
# kernel (loop): non-coherent loads, plain loads at least (reads of
# buffers the loop writes, or of a struct copied whole)
expected_loads = {("axpy", 0): (1, 1), ("sums", 0): (1, 0), ("histogram", 0): (1, 0),
                  ("staged", 0): (1, 0), ("staged", 1): (0, 1), ("plane", 0): (0, 0),
                  ("fields", 0): (2, 0)}
for (kernel, loop), (nc, plain) in expected_loads.items():
    body = entry(kernel, loop)
    if loads(body, True) < nc or (nc == 0 and loads(body, True) > 0):
        sys.exit("FAIL: loop %d of %s has %d ld.global.nc, expected %s" %
                 (loop, kernel, loads(body, True), nc if nc == 0 else "at least %d" % nc))
    if loads(body, False) < plain:
        sys.exit("FAIL: loop %d of %s has %d plain loads, expected at least %d" %
                 (loop, kernel, loads(body, False), plain))
# gather reads its two points with one vector load each, and no member
# on its own.
gather_entry = entry("gather")
if len(re.findall(r"\bld\.global\.nc\.v4\.b32\b", gather_entry)) != 2 or \
        re.search(r"\bld(\.global)?(\.nc)?\.f32\b", gather_entry):
    sys.exit("FAIL: gather does not read its points with one ld.global.nc.v4 each:\n" + gather_entry)
# y in axpy is read and written: never non-coherent.
axpy = entry("axpy")
if len(re.findall(r"\bld\.global\.nc", axpy)) != 1:
    sys.exit("FAIL: axpy's written buffer y is read non-coherently")
# Nests run over the grid: the plain entries of plane and cube read the
# blocks' y and the grid's z and divide nothing (the outer levels of
# deeper nests divide once per layer); the framed twins stay linear.
for kernel in ("plane", "cube"):
    body = entry(kernel)
    for needed in ("%ctaid.y", "%ctaid.z", "%tid.y"):
        if needed not in body:
            sys.exit("FAIL: the nest %s does not run over the grid (no %s)" % (kernel, needed))
    if re.search(r"\b(div|rem)\.", body):
        sys.exit("FAIL: the nest %s divides its index" % kernel)
# A plain entry without reductions runs one iteration per thread and no
# loop (libferry launches it as often as covering the loop takes), so GCC
# hoists nothing into registers for the whole kernel; a reduction's entry
# loops.
def loops(body):
    seen = set()
    for line in body.split("\n"):
        label = re.match(r"^(\$L\d+):", line)
        if label:
            seen.add(label.group(1))
        target = re.search(r"\bbra(?:\.uni)?\s+(\$L\d+);", line)
        if target and target.group(1) in seen:
            return True
    return False
for kernel in ("axpy", "plane", "cube", "histogram"):
    if loops(entry(kernel)):
        sys.exit("FAIL: the entry of %s loops" % kernel)
if not loops(entry("sums")):
    sys.exit("FAIL: the entry of sums, a reduction, does not loop")
# sums' four reductions end in one pass each: the block combines its
# threads' values in .shared scratch, leaves one partial result, counts
# itself done, and the last block stores the result; there is no atomic
# update of the value, so product and min/max take the same path.
sums_entry = [e for e in entries if re.match(r"__ferry_direct__Z\d+sums", e)][0]
reduction_code = "".join(bodies[n] for n in reachable(sums_entry))
# The block's barrier is barrier.sync: an aligned bar.sync that GCC
# copied into both arms of a branch would wait for ever.
if "barrier.sync" not in reduction_code:
    sys.exit("FAIL: the reductions of sums combine no block in shared memory")
if re.search(r"\bbar\.sync\b", reduction_code):
    sys.exit("FAIL: the reductions of sums wait at an aligned bar.sync")
for needed in ("membar.gl", "atom.add.u32"):
    if needed not in reduction_code:
        sys.exit("FAIL: the reductions of sums have no %s" % needed)
if re.search(r"\b(red|atom)\.(add|min|max)\.(f64|s64)", reduction_code) or "atom.cas" in reduction_code:
    sys.exit("FAIL: a reduction of sums updates its value atomically")
if not re.search(r"^\.shared .*block_scratch", text, re.M):
    sys.exit("FAIL: the reductions' block scratch is not in .shared memory")
# libgomp maps every variable of the offload table to a global address,
# and stops the program when one (a .shared variable) has none.
for mapped in re.findall(r'^//:VAR_MAP "([^"]+)"', text, re.M):
    if re.search(r"^\.shared .*\b%s\b" % re.escape(mapped), text, re.M):
        sys.exit("FAIL: the .shared variable %s is in the offload table" % mapped)
# filter's coefficients go in the parameters of its _constants twin: 16
# more than the plain entry's, and the twin, frame-free, loads only the 16
# inputs it multiplies them with (its loop over the taps is unrolled, so
# the local array of the coefficients is the parameters themselves).  No
# other kernel has a buffer of constant length, nor a twin.
def parameter_count(name):
    line = re.search(r"^\.visible \.entry %s \(([^\n]*)\)" % re.escape(name), text, re.M)
    return line.group(1).count(".param") if line else -1
filter_entry = [e for e in entries if re.match(r"__ferry_direct__Z\d+filter", e)][0]
if constants != [filter_entry + "_constants"]:
    sys.exit("FAIL: expected one _constants twin, of %s; found %s" % (filter_entry, constants))
twin = bodies[constants[0]]
if parameter_count(constants[0]) != parameter_count(filter_entry) + 16:
    sys.exit("FAIL: the twin of filter takes %d parameters, its entry %d (expected 16 more)"
             % (parameter_count(constants[0]), parameter_count(filter_entry)))
if reaches(constants[0], FRAME):
    sys.exit("FAIL: the twin of filter takes a stack frame (its taps were not unrolled)")
twin_loads = len(re.findall(r"\bld\.(global\.)?(nc\.)?(f|u|s|b)(32|64)\b", twin))
if twin_loads != 16 or len(re.findall(r"\bld\.param\.f64\b", twin)) < 16:
    sys.exit("FAIL: the twin of filter loads %d values from memory (expected the 16 inputs), "
             "and should read its 16 coefficients from its parameters" % twin_loads)
print("%d entries, all frame-free, %d framed twins, borrowed reads non-coherent, "
      "one-pass reductions, constant buffers in parameters" % (len(entries), len(framed)))
PY
mkdir plain && cd plain || fail "no directory"
"$FERRY_GXX" -O2 -save-temps ../k.cc -o k 2> build.txt || { cat build.txt; fail "build without nc-loads failed"; }
plain_ptx=$(ls ./*.xnvptx-none.mkoffload 2>/dev/null | head -1)
[ -n "$plain_ptx" ] || fail "no offload PTX was kept without nc-loads"
tr -d '\000' < "$plain_ptx" > ptx.txt
grep -q "__ferry_direct_" ptx.txt || fail "no direct entries without nc-loads"
if grep -q "ld\.global\.nc" ptx.txt; then
  fail "ld.global.nc without -fplugin-arg-ferry-nc-loads"
fi
# Without it, gather's points are still one (coherent) vector load each.
python3 - ptx.txt <<'PY' || fail "gather's points are not vector loads without nc-loads"
import re, sys
text = open(sys.argv[1]).read()
body = re.search(r"\.entry (__ferry_direct__Z\d+gather\w*_0) \([^\n]*\n\{\n(.*?)\n\}", text, re.S)
sys.exit(body is None or len(re.findall(r"\bld\.v4\.b32\b", body.group(2))) != 2 or
         re.search(r"%frame|\bld\.f32\b", body.group(2)) is not None)
PY
cd .. || fail "no directory"

ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ -x "$ptxas" ]; then
  # The first PTX object of the offload image is this unit's.
  awk '/^\.version/ && ++versions > 1 { exit } { print }' ptx.txt > unit.ptx
  "$ptxas" -c -arch=sm_80 unit.ptx -o unit.cubin 2> ptxas.txt ||
    { cat ptxas.txt; fail "ptxas rejects the offload PTX"; }
fi
echo "ok"
