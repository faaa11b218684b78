// The CG benchmark shared by its two versions (cg_ferry.cc, cg_cuda.cu):
// TeaLeaf's conjugate-gradient solver for implicit heat conduction, as a
// time loop of small kernels -- a 2-D five-point operator with face
// coefficients, two reductions an iteration whose scalars the host needs
// before the next kernel, and halo kernels on the four edges.  The grid,
// its coefficients, the starting field and the report live here.
//   CG_N: interior edge (default 4000), CG_ITERATIONS (default 200).
#ifndef FERRY_BENCH_CG_HPP
#define FERRY_BENCH_CG_HPP

#include "../timer.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#ifdef __CUDACC__
#define CG_DEVICE __host__ __device__
#else
#define CG_DEVICE
#endif

namespace cg {

inline long setting(const char *name, long fallback) {
  const char *text = std::getenv(name);
  return text ? std::atol(text) : fallback;
}

// The interior is n x n; rows and columns 0 and n + 1 are the halo, so an
// array holds (n + 2)^2 values, row-major, row length w = n + 2.
inline long edge() { return setting("CG_N", 4000); }
inline long iterations() { return setting("CG_ITERATIONS", 200); }

constexpr double kRx = 0.2, kRy = 0.2; // dt / dx^2, dt / dy^2

// The five-point operator A p at interior point K of rows of length W,
// with the face coefficients KX and KY; both versions compute it here.
CG_DEVICE inline double apply_at(long k, long w, double rx, double ry,
                                 const double *kx, const double *ky,
                                 const double *p) {
  return (1.0 + rx * (kx[k + 1] + kx[k]) + ry * (ky[k + w] + ky[k])) * p[k] -
         rx * (kx[k + 1] * p[k + 1] + kx[k] * p[k - 1]) -
         ry * (ky[k + w] * p[k + w] + ky[k] * p[k - w]);
}

// Density: a dense square in the middle of a light field; the face
// coefficients are the harmonic means of the densities on either side, as
// TeaLeaf's are; the field starts hot inside the square.
inline double density(long i, long j, long n) {
  const bool inside = i > n / 3 && i < 2 * n / 3 && j > n / 3 && j < 2 * n / 3;
  return inside ? 10.0
                : 0.2 + 0.001 * static_cast<double>((i * 7 + j * 3) % 13);
}

inline void initialise(long n, double *u, double *kx, double *ky) {
  const long w = n + 2;
  for (long j = 0; j < w; ++j)
    for (long i = 0; i < w; ++i) {
      const double here = density(i, j, n);
      const double left = density(i - 1, j, n), below = density(i, j - 1, n);
      kx[j * w + i] = 2.0 * here * left / (here + left);
      ky[j * w + i] = 2.0 * here * below / (here + below);
      u[j * w + i] = here > 1.0 ? 5.0 : 1.0;
    }
}

// A weighted sum of the interior, for comparing the versions.
inline double checksum(long n, const double *u) {
  const long w = n + 2;
  double sum = 0;
  for (long j = 1; j <= n; ++j)
    for (long i = 1; i <= n; ++i)
      sum += u[j * w + i] * static_cast<double>((i + 2 * j) % 5 + 1);
  return sum;
}

using Timer = bench::Timer;

// cg,VERSION,N,ITERATIONS,SECONDS,FINAL_RR,CHECKSUM
inline void report(const char *version, long n, long iterations, double seconds,
                   double rr, double sum) {
  std::printf("cg,%s,%ld,%ld,%.6f,%.10e,%.10e\n", version, n, iterations,
              seconds, rr, sum);
}

} // namespace cg

#endif
