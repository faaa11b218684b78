// ferry::launch_graph: the kernels of each run of a time step may be held
// back and replayed as one CUDA graph on NVIDIA; nothing else may change.
// Runs that repeat (replayed), scalars that change from run to run (node
// parameters set anew), a run with one more kernel (launched one by one),
// host reads and writes between and inside runs, a reduction inside a run
// (its result is waited for), a run inside a run, a kernel of a class
// called from a lambda, a run left by an exception, graphs made and
// destroyed in a loop, and a loop whose nest takes passes.  Every result
// is printed, against the serial build; on the H200 FERRY_STATS=1 shows
// the ferry-graph lines.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <stdexcept>
#include <vector>

[[ferry::kernel]] void advance(long n, double dt,
                               [[ferry::borrow(n)]] const double *u,
                               [[ferry::borrow_mut(n)]] double *v) {
  for (long i = 0; i < n; ++i)
    v[i] = 0.5 * v[i] + dt * u[i];
}

[[ferry::kernel]] void relax(long n, [[ferry::borrow(n)]] const double *v,
                             [[ferry::out(n)]] double *u) {
  for (long i = 0; i < n; ++i)
    u[i] = v[i] + (i % 7) * 1e-3;
}

[[ferry::kernel]] double total(long n, [[ferry::borrow(n)]] const double *u) {
  double sum = 0;
  for (long i = 0; i < n; ++i)
    sum += u[i];
  return sum;
}

[[ferry::kernel]] void stamp(int ni, int nj,
                             [[ferry::borrow_mut(ni * nj)]] float *grid) {
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      grid[i * nj + j] += float(i) * 0.5f + float(j) * 0.25f;
}

class Smoother {
public:
  explicit Smoother(long n) : n_(n), a_(n, 1.0), b_(n, 0.0) {}
  void step(double dt) {
    advance(n_, dt, a_.data(), b_.data());
    relax(n_, b_.data(), a_.data());
  }
  double sum() const { return total(n_, a_.data()); }

private:
  long n_;
  std::vector<double> a_, b_;
};

int main() {
  const long n = 3000; // over more than one page
  std::vector<double> u(n, 1.0), v(n, 0.0);
  ferry::launch_graph step;
  for (int s = 0; s < 12; ++s) {
    const double dt = 0.01 * (s % 3 + 1); // a parameter that changes
    step.run([&] {
      advance(n, dt, u.data(), v.data());
      relax(n, v.data(), u.data());
      if (s == 6) // one run with a third kernel
        advance(n, dt, u.data(), v.data());
      if (s == 8) // the host reads a result inside a run
        std::printf("inside run 8: u[5] = %.9f\n", u[5]);
    });
    if (s % 4 == 3) { // the host works between runs
      u[s] += 1.0;
      std::printf("step %d: u[0] = %.9f v[%d] = %.9f\n", s, u[0], s, v[s]);
    }
  }
  std::printf("after the steps: u[n-1] = %.9f v[1] = %.9f\n", u[n - 1], v[1]);

  // A reduction inside each run: its result is waited for.
  double sums = 0;
  for (int s = 0; s < 4; ++s)
    step.run([&] {
      advance(n, 0.02, u.data(), v.data());
      sums += total(n, v.data());
      relax(n, v.data(), u.data());
    });
  std::printf("sums of v: %.9f\n", sums);

  // A run inside a run is part of it; a graph per object of a class.
  Smoother smoother(2500);
  ferry::launch_graph outer, inner;
  for (int s = 0; s < 5; ++s)
    outer.run([&] {
      inner.run([&] { smoother.step(0.1); });
      smoother.step(0.2);
    });
  std::printf("smoother: %.9f\n", smoother.sum());

  // A run left by an exception launches what it held; the next runs go on.
  for (int s = 0; s < 4; ++s) {
    try {
      step.run([&] {
        advance(n, 0.03, u.data(), v.data());
        if (s == 1)
          throw std::runtime_error("left the run");
        relax(n, v.data(), u.data());
      });
    } catch (const std::runtime_error &error) {
      std::printf("step %d: %s\n", s, error.what());
    }
  }
  std::printf("after the exception: u[7] = %.9f v[7] = %.9f\n", u[7], v[7]);

  // Graphs made and destroyed in a loop, each run twice; and a nest.
  std::vector<float> grid(70 * 90, 0.0f);
  for (int round = 0; round < 3; ++round) {
    ferry::launch_graph local;
    for (int s = 0; s < 3; ++s)
      local.run([&] {
        stamp(70, 90, grid.data());
        advance(n, 0.001 * round, u.data(), v.data());
      });
  }
  double grid_sum = 0;
  for (float g : grid)
    grid_sum += g;
  std::printf("grid: %.3f, v[n/2] = %.9f\n", grid_sum, v[n / 2]);
  return 0;
}
