// A temporary passed to a helper by reference is the iteration's own
// value, unless it holds a pointer: then the helper may reach any element
// through it, and the write of the same buffer is a possible race.
#include <ferry/ferry.hpp>

struct Ref {
  const double *p;
};

struct Pair {
  double re, im;
};

static double through(const Ref &r) { return r.p[1]; }
static double sum(const Pair &a) { return a.re + a.im; }

[[ferry::kernel]] void neighbours(long n, [[ferry::borrow_mut(n)]] double *z) {
  for (long i = 0; i < n; ++i)
    z[i] = through(Ref{&z[i]}); // { dg-error "possible data race: this read of 'z'" }
}

[[ferry::kernel]] void own_values(long n, [[ferry::borrow_mut(n)]] double *z) {
  for (long i = 0; i < n; ++i)
    z[i] = sum(Pair{z[i], 2.0 * z[i]});
}
