// The program's own loops calling functions the file defines further down,
// as C programs do behind their prototypes (XSBench's lookup loop calls
// fast_forward_LCG, pick_mat and calculate_macro_xs, all defined after
// it).  GCC's OpenMP accepts that; ferry checks such a function's regions
// once the whole file is read, and runs them as kernels: a function whose
// helper calls another defined later still, and a function template whose
// instance calls a template defined after it.
// On the sim device: two launches of lookup, one of apply (without the
// wait, only apply, whose instance is made at the end of the file, ran).
// { ferry-stats "FERRY_DEVICE=sim" "launches=3" }
#include <cstdint>
#include <cstdio>
#include <vector>

static uint64_t fast_forward(uint64_t seed, uint64_t n);
static double to_unit(uint64_t seed);
int pick(double u, int kinds);

static void lookup(int n, double *energy, int *kind, int kinds) {
#pragma omp target teams distribute parallel for map(from: energy[0:n], kind[0:n])
  for (int i = 0; i < n; ++i) {
    const uint64_t seed = fast_forward(42, 2 * uint64_t(i));
    energy[i] = to_unit(seed);
    kind[i] = pick(to_unit(seed * 3 + 1), kinds);
  }
}

template <class T> T weigh(T e, int n);

template <class T> void apply(int n, const T *energy, T *out) {
#pragma omp target teams distribute parallel for map(to: energy[0:n]) map(from: out[0:n])
  for (int i = 0; i < n; ++i)
    out[i] = weigh(energy[i], n);
}

static uint64_t fast_forward(uint64_t seed, uint64_t n) {
  uint64_t a = 2806196910506780709ULL, c = 1, an = 1, cn = 0;
  for (; n > 0; n >>= 1) {
    if (n & 1) {
      an *= a;
      cn = cn * a + c;
    }
    c *= a + 1;
    a *= a;
  }
  return an * seed + cn;
}

static double to_unit(uint64_t seed) { return double(seed >> 11) * 0x1.0p-53; }

static int clamp_kind(int k, int kinds) { return k < kinds ? k : kinds - 1; }

int pick(double u, int kinds) { return clamp_kind(int(u * kinds), kinds); }

template <class T> T weigh(T e, int n) { return e * e + T(1) / (1 + n); }

int main() {
  const int n = 3000, kinds = 12;
  std::vector<double> energy(n), weighed(n);
  std::vector<int> kind(n);
  long histogram[kinds] = {};
  for (int round = 0; round < 2; ++round) {
    lookup(n, energy.data(), kind.data(), kinds);
    for (int i = 0; i < n; ++i)
      histogram[kind[i]] += round + 1;
  }
  apply(n, energy.data(), weighed.data());
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += weighed[i] * (i % 5 + 1);
  for (int k = 0; k < kinds; ++k)
    std::printf("%ld ", histogram[k]);
  std::printf("\n%.10f\n", sum);
}
