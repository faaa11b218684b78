// Launch cost: a time loop of tiny kernels (256 elements, two launches a
// step), the shape where launches, not the GPU's work, take the time.
// Prints microseconds per launch for the host to queue them and for the
// GPU to finish them.
//   ferry-g++ -O3 -o launch_ferry launch_ferry.cc
#include <ferry/ferry.hpp>

#include <chrono>
#include <cstdio>
#include <vector>

[[ferry::kernel]]
void step(long n, double a, [[ferry::borrow(n)]] const double *x,
          [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * y[i] + x[i];
}

int main() {
  const long n = 256;
  const int steps = 20000;
  std::vector<double> x(n, 1.0), y(n, 0.0), z(n, 0.5);
  step(n, 0.5, x.data(), y.data()); // load the kernel, place the buffers
  step(n, 0.5, y.data(), z.data());
  ferry::wait();
  const auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    step(n, 0.5, x.data(), y.data());
    step(n, 0.5, y.data(), z.data());
  }
  const auto queued = std::chrono::steady_clock::now();
  ferry::wait();
  const auto done = std::chrono::steady_clock::now();
  auto per_launch = [&](auto from, auto to) {
    return std::chrono::duration<double, std::micro>(to - from).count() /
           (2.0 * steps);
  };
  std::printf("launch,ferry,%.3f,%.3f,%.6g\n", per_launch(start, queued),
              per_launch(start, done), z[0]);
}
