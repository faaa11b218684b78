// Choices in device code, which plugin/device_selects.cc turns into
// selects where both sides may run: the per-pose terms of a docking score
// (`zone ? 1 : coeff`, `type_e ? -|e| : e`, nested choices of distances),
// and choices whose other side must not run: an integer division by a
// divisor tested for zero, a load past the end of an array, a shift by a
// count tested against the width, a signed addition tested against
// overflow, and a float division tested for zero, which may trap without
// -ffast-math (this file is built with the default -ftrapping-math; the
// -ffast-math kernel of fast_math.cc takes the speculated path).  Each
// gives the serial build's answers (up to the GPU's fused multiply-adds).
// { ferry-tolerance 1e-5 }
#include <ferry/ferry.hpp>

#include <climits>
#include <cstdio>
#include <vector>

[[ferry::kernel]] void terms(int n, [[ferry::borrow(n)]] const float *distance,
                             [[ferry::borrow(n)]] const int *type,
                             [[ferry::out(n)]] float *energy) {
  for (int i = 0; i < n; ++i) {
    const float d = distance[i];
    const bool zone = d < 1.0f;
    const float coeff = 1.0f - d * 0.25f;
    float charge = 0.5f * ((zone ? 1.0f : coeff) * (d < 4.0f ? 1.0f : 0.0f));
    const float negative = -(charge < 0 ? -charge : charge);
    charge = type[i] % 3 == 0 ? negative : charge;
    const float reach =
        type[i] % 2 ? (zone ? 5.5f : 1.0f) : (d > 2.0f ? 1.0f : -1e30f);
    energy[i] = charge * 4.0f + (zone ? 76.0f : 0.0f) * (1.0f - d) +
                (d < reach ? 1.0f : 0.0f);
  }
}

[[ferry::kernel]] void guarded(int n, [[ferry::borrow(n)]] const int *a,
                               [[ferry::borrow(n)]] const int *divisor,
                               [[ferry::borrow(n)]] const float *x,
                               [[ferry::out(n)]] long *out) {
  for (int i = 0; i < n; ++i) {
    const int d = divisor[i];
    const long quotient = d != 0 ? a[i] / d : -1;
    const int next = i + 1 < n ? a[i + 1] : 0;
    const int shift = d & 63;
    const unsigned bits = shift < 32 ? 1u << shift : 0u;
    const int bumped = a[i] < INT_MAX ? a[i] + 1 : a[i];
    const float ratio = x[i] != 0.0f ? 1.0f / x[i] : 0.0f;
    out[i] =
        quotient + next + long(bits % 1000) + bumped + long(ratio * 1000.0f);
  }
}

int main() {
  const int n = 100000;
  std::vector<float> distance(n), x(n), energy(n);
  std::vector<int> type(n), a(n), divisor(n);
  std::vector<long> out(n);
  for (int i = 0; i < n; ++i) {
    distance[i] = float(i % 997) * 0.006f;
    type[i] = (i * 7) % 11;
    a[i] = i % 5 == 0 ? INT_MAX : (i * 31) % 20011 - 10000;
    divisor[i] = i % 4 == 0 ? 0 : (i % 97) - 48;
    x[i] = i % 3 == 0 ? 0.0f : float(i % 113) * 0.5f - 28.0f;
  }
  terms(n, distance.data(), type.data(), energy.data());
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += energy[i];
  for (int i = 0; i < n; i += 9973)
    std::printf("energy %d %.6g\n", i, energy[i]);
  std::printf("energy sum %.6g\n", sum);

  guarded(n, a.data(), divisor.data(), x.data(), out.data());
  long total = 0;
  for (int i = 0; i < n; ++i)
    total += out[i];
  for (int i = 0; i < n; i += 9973)
    std::printf("guarded %d %ld\n", i, out[i]);
  std::printf("guarded total %ld\n", total);
}
