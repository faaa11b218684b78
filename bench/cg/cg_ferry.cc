// TeaLeaf's CG solver as ferry kernels (cg.hpp): per iteration three halo
// kernels, the operator with its reduction, the update with its reduction,
// and the new search direction; every scalar comes back before the next
// kernel needs it.  The same binary is the naive version under
// FERRY_RESIDENCY=0.
//   ferry-g++ -O3 -o cg_ferry cg_ferry.cc
#include "cg.hpp"

#include <ferry/ferry.hpp>

#include <cstring>
#include <vector>

// Reflective halo of depth one (halo): the edge columns, then the edge
// rows, corners included, copy their inner neighbours.
[[ferry::kernel]] void
halo_columns(long n, [[ferry::borrow_mut((n + 2) * (n + 2))]] double *f) {
  const long w = n + 2;
  for (long j = 1; j <= n; ++j) {
    f[j * w] = f[j * w + 1];
    f[j * w + n + 1] = f[j * w + n];
  }
}

// One edge row copies its inner neighbour, a row that does not overlap it.
[[ferry::kernel]] void halo_row(long w, [[ferry::out(w)]] double *edge,
                                [[ferry::borrow(w)]] const double *inner) {
  for (long i = 0; i < w; ++i)
    edge[i] = inner[i];
}

// w = A p, and p.w.
[[ferry::kernel]] double
apply(long n, double rx, double ry,
      [[ferry::borrow((n + 2) * (n + 2))]] const double *kx,
      [[ferry::borrow((n + 2) * (n + 2))]] const double *ky,
      [[ferry::borrow((n + 2) * (n + 2))]] const double *p,
      [[ferry::borrow_mut((n + 2) * (n + 2))]] double *out) {
  const long w = n + 2;
  double pw = 0;
  for (long j = 1; j <= n; ++j)
    for (long i = 1; i <= n; ++i) {
      const long k = j * w + i;
      const double ap = cg::apply_at(k, w, rx, ry, kx, ky, p);
      out[k] = ap;
      pw += p[k] * ap;
    }
  return pw;
}

// r = b - A u (A u in ap), p = r, and r.r.
[[ferry::kernel]] double
residual(long n, [[ferry::borrow((n + 2) * (n + 2))]] const double *b,
         [[ferry::borrow((n + 2) * (n + 2))]] const double *ap,
         [[ferry::borrow_mut((n + 2) * (n + 2))]] double *r,
         [[ferry::borrow_mut((n + 2) * (n + 2))]] double *p) {
  const long w = n + 2;
  double rr = 0;
  for (long j = 1; j <= n; ++j)
    for (long i = 1; i <= n; ++i) {
      const long k = j * w + i;
      r[k] = b[k] - ap[k];
      p[k] = r[k];
      rr += r[k] * r[k];
    }
  return rr;
}

// u += alpha p, r -= alpha w, and the new r.r.
[[ferry::kernel]] double
update(long n, double alpha,
       [[ferry::borrow((n + 2) * (n + 2))]] const double *p,
       [[ferry::borrow((n + 2) * (n + 2))]] const double *ap,
       [[ferry::borrow_mut((n + 2) * (n + 2))]] double *u,
       [[ferry::borrow_mut((n + 2) * (n + 2))]] double *r) {
  const long w = n + 2;
  double rr = 0;
  for (long j = 1; j <= n; ++j)
    for (long i = 1; i <= n; ++i) {
      const long k = j * w + i;
      u[k] += alpha * p[k];
      r[k] -= alpha * ap[k];
      rr += r[k] * r[k];
    }
  return rr;
}

// p = r + beta p.
[[ferry::kernel]] void
direction(long n, double beta,
          [[ferry::borrow((n + 2) * (n + 2))]] const double *r,
          [[ferry::borrow_mut((n + 2) * (n + 2))]] double *p) {
  const long w = n + 2;
  for (long j = 1; j <= n; ++j)
    for (long i = 1; i <= n; ++i) {
      const long k = j * w + i;
      p[k] = r[k] + beta * p[k];
    }
}

void halo(long n, double *f) {
  const long w = n + 2;
  halo_columns(n, f);
  halo_row(w, f, f + w);
  halo_row(w, f + (n + 1) * w, f + n * w);
}

int main() {
  const long n = cg::edge(), iterations = cg::iterations();
  {
    // Start the device and load the kernels before timing.
    std::vector<double> warm(16, 1.0), warm_out(16, 0.0);
    apply(2, cg::kRx, cg::kRy, warm.data(), warm.data(), warm.data(),
          warm_out.data());
  }
  const std::size_t cells = (n + 2) * (n + 2);
  std::vector<double> u(cells), b(cells), kx(cells), ky(cells), r(cells, 0.0),
      p(cells, 0.0), ap(cells, 0.0);
  cg::initialise(n, u.data(), kx.data(), ky.data());
  b = u;
  cg::Timer timer;
  halo(n, u.data());
  apply(n, cg::kRx, cg::kRy, kx.data(), ky.data(), u.data(), ap.data());
  double rr = residual(n, b.data(), ap.data(), r.data(), p.data());
  for (long it = 0; it < iterations; ++it) {
    halo(n, p.data());
    const double pw =
        apply(n, cg::kRx, cg::kRy, kx.data(), ky.data(), p.data(), ap.data());
    const double alpha = rr / pw;
    const double rr_new =
        update(n, alpha, p.data(), ap.data(), u.data(), r.data());
    direction(n, rr_new / rr, r.data(), p.data());
    rr = rr_new;
  }
  const double sum = cg::checksum(n, u.data());
  const double seconds = timer.seconds();
  const char *residency = std::getenv("FERRY_RESIDENCY");
  cg::report(residency && std::strcmp(residency, "0") == 0 ? "naive" : "ferry",
             n, iterations, seconds, rr, sum);
}
