// A kernel whose body is its one loop is launched again from what its call
// site's last launch kept (runtime/abi.h, __ferry_launch_again) when the
// numbers its checks and geometry depend on are the same.  Everything
// else must come from the launch being made: a scalar that changes every
// step, buffers swapped between steps (Jacobi's ping-pong), a length or an
// offset that changes what the loop reaches, a nest's extents, a teams()
// request from a parameter, a buffer freed and allocated again at the
// same address with another length, launches at one site from two
// threads at once, and a launch graph's runs.  Every answer must be the
// serial build's; on a GPU, FERRY_STATS counts the launches made again.
// { dg-options "-std=c++20" } { ferry-env "FERRY_STATS=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <span>
#include <thread>
#include <vector>

[[ferry::kernel]] void relax(long n, double weight,
                             [[ferry::borrow(n)]] const double *from,
                             [[ferry::out(n)]] double *to) {
  for (long i = 0; i < n; ++i)
    to[i] = weight * from[i] + (1.0 - weight) * static_cast<double>(i % 5);
}

[[ferry::kernel]] void shift_add(long n, long offset,
                                 [[ferry::borrow(n + 8)]] const double *x,
                                 [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] += x[i + offset];
}

[[ferry::kernel]] void stencil(long nx, long ny, std::span<const double> in,
                               std::span<double> out) {
  for (long j = 1; j < ny - 1; ++j)
    for (long i = 1; i < nx - 1; ++i)
      out[j * nx + i] = 0.25 * (in[j * nx + i - 1] + in[j * nx + i + 1] +
                                in[(j - 1) * nx + i] + in[(j + 1) * nx + i]);
}

[[ferry::kernel(teams(blocks))]] void
scale(long n, int blocks, double s, [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] *= s;
}

// Weighted, so that an element moved or left out shows.
static double sum(const double *v, long n) {
  double weighted = 0.0;
  long weight = 1;
  for (const double *end = v + n; v != end; ++v, weight = weight % 29 + 1)
    weighted += *v * static_cast<double>(weight);
  return weighted;
}

int main() {
  const long n = 20000;
  std::vector<double> a(n, 1.0), b(n, 0.0);
  // A scalar of every step, and the buffers swapped.
  for (int step = 0; step < 40; ++step) {
    const double weight = 0.5 + 0.01 * step;
    if (step % 2 == 0)
      relax(n, weight, a.data(), b.data());
    else
      relax(n, weight, b.data(), a.data());
  }
  std::printf("swapped: %.9g %.9g\n", sum(a.data(), n), sum(b.data(), n));

  // What the loop reaches: the offset and the length change.
  std::vector<double> x(n + 8), y(n, 0.0);
  for (long i = 0; i < n + 8; ++i)
    x[i] = static_cast<double>(i % 11);
  for (int step = 0; step < 24; ++step)
    shift_add(step % 3 == 2 ? n / 2 : n, step % 4 == 3 ? 8 : step % 4, x.data(),
              y.data());
  std::printf("reached: %.9g\n", sum(y.data(), n));

  // A nest whose extents change, then stay.
  const long nx = 130, ny = 90;
  std::vector<double> in(nx * ny), out(nx * ny, 0.0);
  for (long k = 0; k < nx * ny; ++k)
    in[k] = static_cast<double>(k % 17);
  for (int step = 0; step < 12; ++step) {
    const long rows = step < 4 ? ny / 2 : ny;
    stencil(nx, rows, std::span<const double>(in.data(), nx * rows),
            std::span<double>(out.data(), nx * rows));
    stencil(nx, rows, std::span<const double>(out.data(), nx * rows),
            std::span<double>(in.data(), nx * rows));
  }
  std::printf("nest: %.9g\n", sum(in.data(), nx * ny));

  // teams() from a parameter: another request, another geometry.
  for (int step = 0; step < 9; ++step)
    scale(n, 1 + step % 3, step % 2 ? 1.0009765625 : 0.9990234375, y.data());
  std::printf("teams: %.9g\n", sum(y.data(), n));

  // Freed and allocated again, maybe at the same address, with another
  // length and other bytes.
  for (int round = 0; round < 6; ++round) {
    const long m = round % 2 ? n : n / 4;
    auto *w = static_cast<double *>(std::malloc((m + 8) * sizeof(double)));
    for (long i = 0; i < m + 8; ++i)
      w[i] = round + 0.5 * static_cast<double>(i % 5);
    shift_add(m, 1, w, y.data());
    shift_add(m, 1, w, y.data());
    std::free(w);
  }
  std::printf("reallocated: %.9g\n", sum(y.data(), n));

  // Two threads at one site, each on buffers of its own.
  std::vector<double> c(n, 2.0), d(n, 0.0), e(n, 3.0), f(n, 0.0);
  std::thread other([&] {
    for (int step = 0; step < 50; ++step)
      relax(n, 0.25, e.data(), f.data());
  });
  for (int step = 0; step < 50; ++step)
    relax(n, 0.75, c.data(), d.data());
  other.join();
  std::printf("threads: %.9g %.9g\n", sum(d.data(), n), sum(f.data(), n));

  // A launch graph's runs: held launches made again.
  ferry::launch_graph graph;
  for (int run = 0; run < 10; ++run)
    graph.run([&] {
      relax(n, 0.5, a.data(), b.data());
      relax(n, 0.5, b.data(), a.data());
    });
  std::printf("graph: %.9g\n", sum(a.data(), n));
  return 0;
}
