// Launch cost: a time loop of tiny kernels (1,024 elements by default,
// 8 KiB; 256 elements, 2 KiB, sit in libferry's small blocks; two
// launches a step), the shape where launches, not the GPU's work, take
// the time.  Three ways to launch the same steps:
//   ferry           each kernel launched as it is called
//   ferry-graph     each step a run of a ferry::launch_graph (one CUDA
//                   graph of two kernels per step on NVIDIA)
//   ferry-graph10   ten steps per run (one graph of twenty kernels)
// Prints microseconds per launch for the host to queue them and for the
// GPU to finish them, and z[0] (4 once converged).
//   ferry-g++ -O3 -o launch_ferry launch_ferry.cc
//   ./launch_ferry [elements [steps]]   (steps: a multiple of ten, 20,000
//                                       by default; the test suite runs 200)
#include <ferry/ferry.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]]
void step(long n, double a, [[ferry::borrow(n)]] const double *x,
          [[ferry::borrow_mut(n)]] double *y) {
  for (long i = 0; i < n; ++i)
    y[i] = a * y[i] + x[i];
}

int main(int argc, char **argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 1024;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 20000;
  std::vector<double> x(n, 1.0), y(n, 0.0), z(n, 0.5);
  // Under FERRY_COHERENCE=compiler buffers stay on the device across the
  // lambdas' returns only inside a resident scope.
  ferry::resident_scope keep;
  auto one_step = [&] {
    step(n, 0.5, x.data(), y.data());
    step(n, 0.5, y.data(), z.data());
  };
  auto time_loop = [&](const char *name, int steps_per_call, auto &&call) {
    // FERRY_COHERENCE=compiler syncs host code only in functions that
    // launch kernels themselves: these lambdas say what they touch.
    ferry::sync(y.data(), n, ferry::access::overwrite);
    ferry::sync(z.data(), n, ferry::access::overwrite);
    std::fill(y.begin(), y.end(), 0.0);
    std::fill(z.begin(), z.end(), 0.5);
    call(); // load the kernels, place the buffers, record a graph's run
    call();
    ferry::wait();
    const int calls = steps / steps_per_call;
    const auto start = std::chrono::steady_clock::now();
    for (int c = 0; c < calls; ++c)
      call();
    const auto queued = std::chrono::steady_clock::now();
    ferry::wait();
    const auto done = std::chrono::steady_clock::now();
    ferry::sync(z.data(), 1);
    auto per_launch = [&](auto from, auto to) {
      return std::chrono::duration<double, std::micro>(to - from).count() /
             (2.0 * calls * steps_per_call);
    };
    std::printf("launch,%s,%.3f,%.3f,%.6g\n", name, per_launch(start, queued),
                per_launch(start, done), z[0]);
  };
  time_loop("ferry", 1, one_step);
  ferry::launch_graph per_step;
  time_loop("ferry-graph", 1, [&] { per_step.run(one_step); });
  ferry::launch_graph per_ten_steps;
  time_loop("ferry-graph10", 10, [&] {
    per_ten_steps.run([&] {
      for (int s = 0; s < 10; ++s)
        one_step();
    });
  });
}
