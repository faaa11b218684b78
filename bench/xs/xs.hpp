// A Monte Carlo cross-section lookup in the shape of XSBench's event-based
// nuclide-grid search (ANL's mini-app for OpenMC's hot loop), written for
// this benchmark: each lookup draws an energy and a material from a
// random stream it fast-forwards to its own place, then, for every
// nuclide of the material, binary-searches that nuclide's energy grid and
// interpolates five cross sections, accumulating them, weighted by the
// nuclide's concentration, in a double[5].  Helpers keep small local
// arrays and take the random seed by pointer, as XSBench's do.
//
// The same functions serve the ferry variant (xs_ferry.cc, plain C++ with
// a [[ferry::kernel]]) and the CUDA one (xs_cuda.cu, where XS_DEVICE makes
// them __device__ too), so the two do the same arithmetic.  Built with
// -DXS_HELPERS_OUT_OF_LINE, the two helpers that fill arrays through
// pointers (micro_xs, macro_xs) are not inlined on either side, as GCC and
// nvcc leave XSBench's larger ones: their arrays and the seed then live in
// stack frames, which is what the frames module is for.
#ifndef FERRY_BENCH_XS_HPP
#define FERRY_BENCH_XS_HPP

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifdef __CUDACC__
#define XS_DEVICE __host__ __device__
#else
#define XS_DEVICE
#endif
#ifdef XS_HELPERS_OUT_OF_LINE
#define XS_HELPER inline __attribute__((noinline))
#else
#define XS_HELPER inline
#endif

namespace xs {

constexpr int kNuclides = 68;       // XSBench's "small" problem
constexpr long kGridPoints = 11303; // energies per nuclide
constexpr int kMaterials = 12;
constexpr int kMaxNuclidesPerMaterial = 34;
constexpr int kChannels = 5; // total, elastic, absorption, fission, nu-fission
// One grid point: its energy and the five cross sections there.
constexpr int kPointDoubles = 1 + kChannels;
constexpr std::uint64_t kStartingSeed = 1070;

// Nuclides per material (XSBench, small problem); the kernels read them
// from a table in device memory, as XSBench's num_nucs.
constexpr int kNuclidesIn[kMaterials] = {34, 5, 4, 4, 27, 21, 11, 8, 8, 5, 4, 4};

// 63-bit linear congruential stream, as XSBench's: seed' = a * seed + c.
constexpr std::uint64_t kLcgA = 2806196910506780709ULL;
constexpr std::uint64_t kLcgC = 1ULL;
constexpr std::uint64_t kLcgMask = (1ULL << 63) - 1;

XS_DEVICE inline double random_double(std::uint64_t *seed) {
  *seed = (kLcgA * *seed + kLcgC) & kLcgMask;
  return static_cast<double>(*seed) / static_cast<double>(kLcgMask);
}

// The seed N steps further along the stream, in log2(N) steps.
XS_DEVICE inline std::uint64_t fast_forward(std::uint64_t seed,
                                            std::uint64_t n) {
  std::uint64_t a = kLcgA, c = kLcgC, a_new = 1, c_new = 0;
  while (n > 0) {
    if (n & 1) {
      a_new *= a;
      c_new = c_new * a + c;
    }
    c *= (a + 1);
    a *= a;
    n >>= 1;
  }
  return (a_new * seed + c_new) & kLcgMask;
}

// A material drawn with the probabilities of XSBench's reactor model.
XS_DEVICE inline int pick_material(std::uint64_t *seed) {
  const double share[kMaterials] = {0.140, 0.052, 0.275, 0.134,
                                    0.154, 0.064, 0.066, 0.055,
                                    0.008, 0.015, 0.025, 0.013};
  const double roll = random_double(seed);
  double below = 0;
  for (int m = 0; m < kMaterials - 1; ++m) {
    below += share[m];
    if (roll < below)
      return m;
  }
  return kMaterials - 1;
}

// The five cross sections of NUCLIDE at ENERGY, interpolated between the
// two grid points around it, into XS.
XS_DEVICE XS_HELPER void micro_xs(double energy, int nuclide, const double *grid,
                               double xs[kChannels]) {
  const double *points = grid + nuclide * kGridPoints * kPointDoubles;
  long low = 0, high = kGridPoints - 1;
  if (energy <= points[0]) {
    high = 1;
  } else if (energy >= points[(kGridPoints - 1) * kPointDoubles]) {
    low = kGridPoints - 2;
  } else {
    while (high - low > 1) {
      const long middle = low + (high - low) / 2;
      if (points[middle * kPointDoubles] > energy)
        high = middle;
      else
        low = middle;
    }
  }
  const double *below = points + low * kPointDoubles;
  const double *above = points + (low + 1) * kPointDoubles;
  const double f = (above[0] - energy) / (above[0] - below[0]);
  for (int k = 0; k < kChannels; ++k)
    xs[k] = above[1 + k] - f * (above[1 + k] - below[1 + k]);
}

// The material's cross sections at ENERGY, into MACRO.
XS_DEVICE XS_HELPER void macro_xs(double energy, int material, const double *grid,
                               const int *counts, const int *nuclides,
                               const double *concentrations,
                               double macro[kChannels]) {
  for (int k = 0; k < kChannels; ++k)
    macro[k] = 0;
  for (int j = 0; j < counts[material]; ++j) {
    const int at = material * kMaxNuclidesPerMaterial + j;
    double xs[kChannels];
    micro_xs(energy, nuclides[at], grid, xs);
    for (int k = 0; k < kChannels; ++k)
      macro[k] += xs[k] * concentrations[at];
  }
}

// Lookup I: which of the five channels is largest, 1 to 5 (XSBench's
// verification value).
XS_DEVICE inline int lookup(long i, const double *grid, const int *counts,
                            const int *nuclides, const double *concentrations) {
  std::uint64_t seed = fast_forward(kStartingSeed, 2 * static_cast<std::uint64_t>(i));
  const double energy = random_double(&seed);
  const int material = pick_material(&seed);
  double macro[kChannels];
  macro_xs(energy, material, grid, counts, nuclides, concentrations, macro);
  double largest = -1.0;
  int channel = 0;
  for (int k = 0; k < kChannels; ++k)
    if (macro[k] > largest) {
      largest = macro[k];
      channel = k;
    }
  return channel + 1;
}

// The problem's tables, made on the host: every nuclide's grid sorted by
// energy, materials' nuclides and concentrations.
struct Tables {
  std::vector<double> grid;          // kNuclides * kGridPoints * kPointDoubles
  std::vector<int> counts;           // nuclides per material
  std::vector<int> nuclides;         // kMaterials * kMaxNuclidesPerMaterial
  std::vector<double> concentrations; // likewise
};

inline Tables make_tables() {
  Tables t;
  t.grid.resize(static_cast<std::size_t>(kNuclides) * kGridPoints * kPointDoubles);
  std::uint64_t seed = 42;
  for (int n = 0; n < kNuclides; ++n) {
    double energy = 0;
    for (long p = 0; p < kGridPoints; ++p) {
      double *point = &t.grid[(n * kGridPoints + p) * kPointDoubles];
      energy += random_double(&seed) * 2.0 / kGridPoints; // increasing
      point[0] = energy;
      for (int k = 0; k < kChannels; ++k)
        point[1 + k] = random_double(&seed);
    }
  }
  t.counts.assign(kNuclidesIn, kNuclidesIn + kMaterials);
  t.nuclides.assign(kMaterials * kMaxNuclidesPerMaterial, 0);
  t.concentrations.assign(kMaterials * kMaxNuclidesPerMaterial, 0.0);
  for (int m = 0; m < kMaterials; ++m)
    for (int j = 0; j < kNuclidesIn[m]; ++j) {
      t.nuclides[m * kMaxNuclidesPerMaterial + j] = (m * 7 + j * 11) % kNuclides;
      t.concentrations[m * kMaxNuclidesPerMaterial + j] = random_double(&seed);
    }
  return t;
}

// Lookups on the command line, default 10^7.
inline long lookups_from(int argc, char **argv) {
  return argc > 1 ? std::atol(argv[1]) : 10000000L;
}

} // namespace xs

#endif
