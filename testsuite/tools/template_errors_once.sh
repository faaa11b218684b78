#!/bin/sh
# An error in a kernel template is reported for the first instance that
# has it, not once more for every other instance at the same line.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/k.cc" <<'CC'
template <class T>
[[ferry::kernel]]
void shift(int n, [[ferry::borrow_mut(n)]] T *y) {
  for (int i = 0; i + 1 < n; ++i)
    y[i + 1] = y[i];
}
template void shift<float>(int, float *);
template void shift<double>(int, double *);
template void shift<int>(int, int *);
CC
if "$FERRY_GXX" -c "$dir/k.cc" -o "$dir/k.o" > "$dir/log" 2>&1; then
  fail "the race compiled"
fi
errors=$(grep -c "error: possible data race" "$dir/log")
[ "$errors" = 1 ] || { cat "$dir/log"; fail "$errors race errors for three instances, expected 1"; }
grep -q "In instantiation of 'void shift(int, T\*) \[with T = float\]'" "$dir/log" ||
  { cat "$dir/log"; fail "the error does not say which instance"; }
echo "ok"
