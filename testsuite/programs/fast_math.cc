// A kernel built with -ffast-math, as compute-bound codes build (miniBUDE's
// docking score): single-precision square roots, divisions and
// reciprocals, with selects on the distances.  In the frames module its
// direct entry takes nvcc's --use_fast_math instructions for them
// (approximate, flushing denormals; doc/user-guide.md, "Fast math"), so on
// the GPU its answers may differ from the serial build's in the last bits
// only, within the tolerance below (a NaN or infinity would not compare).
// The double-precision loop keeps IEEE division and square root.
// { dg-options "-ffast-math" }
// { ferry-tolerance 1e-4 }
#include <ferry/ferry.hpp>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

[[ferry::kernel]] void score(int n, int atoms,
                             [[ferry::borrow(3 * atoms)]] const float *atom,
                             [[ferry::borrow(n)]] const float *radius,
                             [[ferry::out(n)]] float *energy) {
  for (int i = 0; i < n; ++i) {
    const float x = 0.01f * i, y = 1.0f - 0.003f * i, z = 0.5f;
    const float r_radius = 1.0f / radius[i];
    float e = 0;
    for (int a = 0; a < atoms; ++a) {
      const float dx = x - atom[3 * a], dy = y - atom[3 * a + 1],
                  dz = z - atom[3 * a + 2];
      const float distance = std::sqrt(dx * dx + dy * dy + dz * dz);
      const float gap = distance - radius[i];
      e += gap < 0 ? (1.0f - distance * r_radius) * 76.0f
                   : 1.0f / (1.0f + gap * gap) - gap / (4.0f + distance);
    }
    // <ferry/device_maths.hpp>'s on the GPU, whose reductions must not
    // be reassociated away under -ffast-math.
    energy[i] = e + expf(-radius[i]) * sinf(7.0f * radius[i]);
  }
}

[[ferry::kernel]] void ratios(int n, [[ferry::borrow(n)]] const double *a,
                              [[ferry::out(n)]] double *q) {
  for (int i = 0; i < n; ++i)
    q[i] = a[i] / (3.0 + a[i]) + std::sqrt(a[i]);
}

int main() {
  const int n = 3000, atoms = 200;
  std::vector<float> atom(3 * atoms), radius(n), energy(n);
  for (int a = 0; a < atoms; ++a) {
    atom[3 * a] = 0.37f * (a % 17);
    atom[3 * a + 1] = 0.21f * (a % 23) - 2.0f;
    atom[3 * a + 2] = 0.05f * a;
  }
  for (int i = 0; i < n; ++i)
    radius[i] = 0.5f + 0.001f * (i % 997);
  score(n, atoms, atom.data(), radius.data(), energy.data());
  double total = 0;
  for (int i = 0; i < n; ++i) {
    total += energy[i];
    if (i % 500 == 0)
      std::printf("energy[%d] = %.6e\n", i, energy[i]);
  }
  std::printf("total %.6e\n", total);

  std::vector<double> a(n), q(n);
  for (int i = 0; i < n; ++i)
    a[i] = 0.25 * i;
  ratios(n, a.data(), q.data());
  std::printf("ratios %.17g\n", std::accumulate(q.begin(), q.end(), 0.0));
}
