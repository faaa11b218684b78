#!/bin/sh
# Kernels declared in a header and defined in another file than their
# callers: a member-function kernel of a class over vectors, and a free
# kernel taking a span and a struct of arrays, called from main.cc with
# host work between launches.  Built with ferry-g++ file by file, the
# program gives the answers of its plain g++ build on the sim device,
# with guarded pages and with the compiler's syncs alone (which need the
# struct's array pointers at the calls in main.cc, whose file never sees
# the kernels' bodies).
# Runs against the build tree (see ferry-test).
set -u
fail() { echo "FAIL: $*"; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || fail "no temporary directory"
cat > heat.hpp <<'CC'
#pragma once
#include <ferry/ferry.hpp>
#include <span>
#include <vector>
class Heat {
public:
    explicit Heat(std::size_t n);
    [[ferry::kernel]] void step(double alpha);
    [[ferry::kernel]] double total() const;
    void swap() { now_.swap(next_); }
    std::vector<double> &field() { return now_; }
private:
    std::size_t n_;
    std::vector<double> now_, next_;
};
struct Source {
    std::size_t n;
    [[ferry::borrow(n)]] const double *q;
};
[[ferry::kernel]] void inject(std::span<double> u, const Source &s, double dt);
CC
cat > heat.cc <<'CC'
#include "heat.hpp"
Heat::Heat(std::size_t n) : n_(n), now_(n, 0.0), next_(n, 0.0) {}
void Heat::step(double alpha)
{
    for (std::size_t i = 0; i < n_; ++i) {
        double l = i > 0 ? now_[i - 1] : now_[i];
        double r = i + 1 < n_ ? now_[i + 1] : now_[i];
        next_[i] = now_[i] + alpha * (l - 2 * now_[i] + r);
    }
}
double Heat::total() const
{
    double t = 0;
    for (std::size_t i = 0; i < n_; ++i)
        t += now_[i];
    return t;
}
void inject(std::span<double> u, const Source &s, double dt)
{
    for (std::size_t i = 0; i < u.size(); ++i)
        u[i] += dt * s.q[i];
}
CC
cat > main.cc <<'CC'
#include "heat.hpp"
#include <cstdio>
int main()
{
    Heat h(400);
    std::vector<double> q(400, 0.0);
    q[200] = 10.0;
    Source src{q.size(), q.data()};
    for (int t = 0; t < 30; ++t) {
        inject(h.field(), src, 0.1);
        h.field()[0] += 0.01; // host work between launches
        h.step(0.2);
        h.swap();
    }
    std::printf("%.12g %.12g\n", h.total(), h.field()[200]);
}
CC
for f in heat main; do
  "$FERRY_GXX" -std=c++20 -O2 -c $f.cc -o $f.o 2> $f.log ||
    { cat $f.log; fail "ferry-g++ -c $f.cc failed"; }
done
"$FERRY_GXX" -std=c++20 -O2 heat.o main.o -o ferry_build 2> link.log ||
  { cat link.log; fail "link failed"; }
g++ -std=c++20 -O2 -I"$FERRY_SRC_DIR/include" heat.cc main.cc -o plain_build ||
  fail "plain build failed"
want=$(./plain_build) || fail "plain build does not run"
for run in "FERRY_DEVICE=sim" "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" \
           "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "FERRY_DEVICE=host"; do
  got=$(env $run ./ferry_build) || fail "$run: exit $?"
  [ "$got" = "$want" ] || fail "$run: '$got', the plain build '$want'"
done
echo "ok"
