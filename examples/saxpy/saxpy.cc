// saxpy with ferry: y = a*x + y on 2^24 floats.
//
// Built with ferry-g++ the kernel runs on the GPU when there is one (or on
// the host otherwise, or on the sim device with FERRY_DEVICE=sim); built
// with plain g++ it is serial C++.  Either way the program checks the
// result against a serial reference, says where the kernel ran, and exits
// non-zero on a mismatch.
#include <ferry/ferry.hpp>

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <vector>

[[ferry::kernel]] void saxpy(std::size_t n, float a,
                             [[ferry::borrow(n)]] const float *x,
                             [[ferry::borrow_mut(n)]] float *y) {
  for (std::size_t i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main() {
  const std::size_t n = std::size_t(1) << 24;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), expected(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1000) * 0.001f;
    y[i] = 1.0f - static_cast<float>(i % 7);
    expected[i] = a * x[i] + y[i];
  }

  auto start = std::chrono::steady_clock::now();
  saxpy(n, a, x.data(), y.data());
  auto stop = std::chrono::steady_clock::now();

  std::size_t wrong = 0;
  float worst = 0;
  for (std::size_t i = 0; i < n; ++i) {
    float error = std::fabs(y[i] - expected[i]);
    if (error > 1e-6f * std::fabs(expected[i]) + 1e-6f)
      ++wrong;
    worst = std::fmax(worst, error);
  }

#ifdef __FERRY_PLUGIN__
  const std::string where = ferry::device_name();
#else
  const std::string where = "host, serial (built without the ferry plugin)";
#endif
  std::printf("saxpy: n = %zu, ran on %s\n", n, where.c_str());
  std::printf("saxpy: first call %.3f ms (includes start-up and transfers)\n",
              std::chrono::duration<double, std::milli>(stop - start).count());
  std::printf("saxpy: %zu of %zu elements differ from the serial reference "
              "(largest difference %g)\n",
              wrong, n, worst);
  std::printf("saxpy: %s\n", wrong == 0 ? "OK" : "FAILED");
  return wrong == 0 ? 0 : 1;
}
