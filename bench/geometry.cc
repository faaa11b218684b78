// Launch geometry on the GPU: the time of one launch of three kernel shapes
// (a 1-D stream, a collapsed 2-D stencil, a reduction) under the default
// heuristic and fixed geometries.  Data stays on the device through an
// enclosing `omp target data`, so only the kernels are timed.
//
//   FERRY_GEOMETRY=TEAMSxTHREADS ./geometry    one fixed geometry
//   ./geometry                                  the default heuristic
// Prints one CSV line per kernel: geometry,kernel,n,ms_per_launch.
#include <ferry/ferry.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]]
void triad(long n, double alpha, [[ferry::out(n)]] double *a,
           [[ferry::borrow(n)]] const double *b,
           [[ferry::borrow(n)]] const double *c) {
  for (long i = 0; i < n; ++i)
    a[i] = b[i] + alpha * c[i];
}

[[ferry::kernel]]
void stencil(long n, [[ferry::borrow(n * n)]] const double *u,
             [[ferry::borrow_mut(n * n)]] double *v) {
  for (long i = 1; i < n - 1; ++i)
    for (long j = 1; j < n - 1; ++j)
      v[j + i * n] = 0.2 * (u[j + i * n] + u[j - 1 + i * n] + u[j + 1 + i * n] +
                            u[j + (i + 1) * n] + u[j + (i - 1) * n]);
}

[[ferry::kernel]]
double dot(long n, [[ferry::borrow(n)]] const double *a,
           [[ferry::borrow(n)]] const double *b) {
  double s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

template <typename F> double ms_per_call(F call, int reps) {
  call(); // warm-up: first launch, module load
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    call();
  auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::milli>(stop - start).count() / reps;
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : (1L << 25);
  const long m = 4096; // the stencil is m x m
  const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  const char *geometry = std::getenv("FERRY_GEOMETRY");
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0), u(m * m, 1.0),
      v(m * m, 0.0);
  double *pa = a.data(), *pb = b.data(), *pc = c.data(), *pu = u.data(),
         *pv = v.data();
  double sink = 0;
#pragma omp target data map(tofrom: pa[0:n]) map(to: pb[0:n], pc[0:n])        \
    map(to: pu[0:m * m]) map(tofrom: pv[0:m * m])
  {
    double t1 = ms_per_call([&] { triad(n, 0.5, pa, pb, pc); }, reps);
    double t2 = ms_per_call([&] { stencil(m, pu, pv); }, reps);
    double t3 = ms_per_call([&] { sink += dot(n, pb, pc); }, reps);
    const char *g = geometry ? geometry : "heuristic";
    std::printf("%s,triad,%ld,%.4f\n", g, n, t1);
    std::printf("%s,stencil_2d,%ld,%.4f\n", g, m * m, t2);
    std::printf("%s,dot,%ld,%.4f\n", g, n, t3);
  }
  std::fprintf(stderr, "check %g %g on %s\n", sink, a[n - 1],
               ferry::device_name().c_str());
  return 0;
}
