#!/bin/sh
# A time loop whose kernels sit between calls of functions defined in
# another file (an atmospheric code's halo routine and a helper that
# launches a kernel of its own) keeps its fields on the device: each
# callee's unit publishes that guarded pages answer for what it touches
# (plugin/resolvable_calls.h), so the caller's unit does not copy whole
# fields back before each call, and the program moves under 2x the bytes
# of the same program in one file (FERRY_STATS).  A callee that hands a
# field to the system (write) publishes nothing, and the file it writes
# holds the device's results.  Every mode gives the plain build's answers.
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"
cat > kernels.hpp <<'CC'
#pragma once
#include <ferry/ferry.hpp>
[[ferry::kernel]] void flux(int n, [[ferry::borrow(n)]] const double *s,
                            [[ferry::out(n)]] double *f);
[[ferry::kernel]] void update(int n, [[ferry::borrow(n)]] const double *f,
                              [[ferry::borrow_mut(n)]] double *s);
void halo(int n, double *s);
void tendencies(int n, const double *s, double *f);
void dump(int fd, const double *s, int n);
CC
cat > physics.cc <<'CC'
#include "kernels.hpp"
#include <unistd.h>
void flux(int n, const double *s, double *f) {
    for (int i = 0; i < n; ++i)
        f[i] = 0.5 * s[i] - 0.25;
}
void update(int n, const double *f, double *s) {
    for (int i = 0; i < n; ++i)
        s[i] += 0.1 * f[i];
}
// Boundary cells from the far side, as a periodic halo.
void halo(int n, double *s) {
    s[0] = s[n - 2];
    s[n - 1] = s[1];
}
void tendencies(int n, const double *s, double *f) { flux(n, s, f); }
void dump(int fd, const double *s, int n) {
    if (write(fd, s, sizeof(double) * n) != (ssize_t)(sizeof(double) * n))
        _exit(3);
}
CC
cat > main.cc <<'CC'
#include "kernels.hpp"
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <vector>
int main() {
    const int n = 1 << 18;
    std::vector<double> s(n), f(n);
    for (int i = 0; i < n; ++i)
        s[i] = (i % 17) * 0.125;
    for (int t = 0; t < 20; ++t) {
        halo(n, s.data());
        tendencies(n, s.data(), f.data());
        update(n, f.data(), s.data());
    }
    int fd = open("fields.bin", O_CREAT | O_TRUNC | O_RDWR, 0600);
    dump(fd, s.data(), n);
    std::vector<double> back(n);
    if (pread(fd, back.data(), sizeof(double) * n, 0) != (ssize_t)(sizeof(double) * n))
        return 4;
    close(fd);
    double sum = 0, written = 0;
    for (int i = 0; i < n; ++i) {
        sum += s[i];
        written += back[i];
    }
    std::printf("%.12g %.12g %.12g\n", sum, written, s[n - 1]);
}
CC
cat main.cc physics.cc | grep -v '#include "kernels.hpp"' > one_file.cc
sed -i '1i #include "kernels.hpp"' one_file.cc
for f in physics main one_file; do
  "$FERRY_GXX" -O2 -c $f.cc -o $f.o 2> $f.log ||
    { cat $f.log; fail "ferry-g++ -c $f.cc failed"; }
done
"$FERRY_GXX" -O2 physics.o main.o -o two_files 2> link.log &&
  "$FERRY_GXX" -O2 one_file.o -o one_file 2>> link.log ||
  { cat link.log; fail "link failed"; }
g++ -O2 -I"$FERRY_SRC_DIR/include" physics.cc main.cc -o plain_build ||
  fail "plain build failed"

# What the units publish: halo and the launching helper, not dump.
symbols=$(nm physics.o)
for f in _Z4haloiPd _Z10tendenciesiPKdPd; do
  echo "$symbols" | grep -q "__ferry_resolvable\.$f\$" ||
    fail "physics.o publishes no marker for $f"
done
echo "$symbols" | grep -q "__ferry_resolvable\._Z4dumpiPKdi" &&
  fail "physics.o publishes a marker for dump, which hands a field to write"

want=$(./plain_build) || fail "plain build does not run"
for run in "FERRY_DEVICE=sim" "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" \
           "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "FERRY_DEVICE=host"; do
  for program in two_files one_file; do
    got=$(env $run ./$program) || fail "$run ./$program: exit $?"
    [ "$got" = "$want" ] || fail "$run ./$program: '$got', the plain build '$want'"
  done
done

d2h() {
  FERRY_DEVICE=sim FERRY_STATS=1 ./$1 2>&1 >/dev/null |
    sed -n 's/.*ferry-stats .*d2h_bytes=\([0-9]*\).*/\1/p'
}
two=$(d2h two_files)
one=$(d2h one_file)
[ -n "$two" ] && [ -n "$one" ] || fail "no FERRY_STATS line"
[ "$two" -le $((2 * one)) ] ||
  fail "two files copy $two bytes back, one file $one: the calls synced whole fields"
echo "ok (device to host: $two bytes in two files, $one in one)"
