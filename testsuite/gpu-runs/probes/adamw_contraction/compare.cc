// adamw's inputs as its main.cpp draws them, updated by the reference
// with and without contraction side by side (run.sh); prints the largest
// difference of the parameters and how many packed states differ.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

void reference_plain(int, float *, const float *, float *, float *, int8_t *,
                     int8_t *, float, int64_t, float, float, float);
void reference_fused(int, float *, const float *, float *, float *, int8_t *,
                     int8_t *, float, int64_t, float, float, float);

int main(int argc, char **argv) {
  if (argc != 3)
    return 1;
  const long n = std::atol(argv[1]);
  const int steps = std::atoi(argv[2]);
  const long size = 2 * n;
  std::vector<float> g(size), p(size), m_scale(size), v_scale(size);
  std::vector<int8_t> m(n), v(n);
  std::mt19937 gen(19937);
  std::uniform_real_distribution<float> dist(0, 1);
  for (long i = 0; i < size; i++) {
    m_scale[i] = dist(gen);
    v_scale[i] = dist(gen);
    g[i] = dist(gen);
    p[i] = dist(gen);
  }
  for (long i = 0; i < n; i++) {
    m[i] = 256 * dist(gen);
    v[i] = 256 * dist(gen);
  }
  std::vector<float> p2 = p, m_scale2 = m_scale, v_scale2 = v_scale;
  std::vector<int8_t> m2 = m, v2 = v;
  const int grid = (n + 63) / 64;
  for (int step = 1; step <= steps; step++) {
    const float correction1 = 1.0f - powf(0.9f, step);
    const float correction2_sqrt = sqrtf(1.0f - powf(0.999f, step));
    const float step_size = 1e-3f / correction1;
    reference_plain(grid, p.data(), g.data(), m_scale.data(), v_scale.data(),
                    m.data(), v.data(), step, n, correction1, correction2_sqrt,
                    step_size);
    reference_fused(grid, p2.data(), g.data(), m_scale2.data(), v_scale2.data(),
                    m2.data(), v2.data(), step, n, correction1,
                    correction2_sqrt, step_size);
  }
  float largest = 0;
  for (long i = 0; i < size; i++)
    largest = std::fmax(largest, std::fabs(p[i] - p2[i]));
  long states = 0;
  for (long i = 0; i < n; i++)
    states += (m[i] != m2[i]) + (v[i] != v2[i]);
  std::printf("%ld x %d: largest difference %f, packed states differing %ld\n",
              n, steps, largest, states);
}
