// A cross-section lookup as XSBench writes one (bench/xs has the full
// benchmark): each iteration fast-forwards a random stream held in a local
// that helpers take by pointer, binary-searches a sorted table, and
// accumulates five interpolated values in a local double[5] through a
// helper with a double[5] of its own, then picks the largest channel.  On
// the GPU the loop runs on the plain direct entry: the short loops over
// the arrays are unrolled before GCC scalarizes them.  Against the serial
// build.
#include <ferry/ferry.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

constexpr long kPoints = 4001;
constexpr int kChannels = 5;
constexpr int kStride = 1 + kChannels;

inline double next_random(std::uint64_t *seed) {
  *seed = (2806196910506780709ULL * *seed + 1) & ((1ULL << 63) - 1);
  return static_cast<double>(*seed >> 11) / static_cast<double>(1ULL << 52);
}

inline void interpolate(double energy, const double *table, double xs[kChannels]) {
  long low = 0, high = kPoints - 1;
  while (high - low > 1) {
    const long middle = (low + high) / 2;
    if (table[middle * kStride] > energy)
      high = middle;
    else
      low = middle;
  }
  const double *below = table + low * kStride, *above = below + kStride;
  const double f = (above[0] - energy) / (above[0] - below[0]);
  for (int k = 0; k < kChannels; ++k)
    xs[k] = above[1 + k] - f * (above[1 + k] - below[1 + k]);
}

[[ferry::kernel]]
void lookups(long n, int nuclides, [[ferry::borrow(kPoints * kStride)]] const double *table,
             [[ferry::out(n)]] int *channel) {
  for (long i = 0; i < n; ++i) {
    std::uint64_t seed = 1070 + 2 * static_cast<std::uint64_t>(i);
    next_random(&seed);
    double macro[kChannels];
    for (int k = 0; k < kChannels; ++k)
      macro[k] = 0;
    for (int j = 0; j < nuclides; ++j) {
      double xs[kChannels];
      interpolate(next_random(&seed) * 0.999, table, xs);
      for (int k = 0; k < kChannels; ++k)
        macro[k] += xs[k] * (1.0 + 0.1 * j);
    }
    double largest = -1.0;
    int best = 0;
    for (int k = 0; k < kChannels; ++k)
      if (macro[k] > largest) {
        largest = macro[k];
        best = k;
      }
    channel[i] = best + 1;
  }
}

int main() {
  std::vector<double> table(kPoints * kStride);
  std::uint64_t seed = 42;
  for (long p = 0; p < kPoints; ++p) {
    table[p * kStride] = static_cast<double>(p) / (kPoints - 1);
    for (int k = 0; k < kChannels; ++k)
      table[p * kStride + 1 + k] = next_random(&seed);
  }
  const long n = 100003;
  std::vector<int> channel(n);
  lookups(n, 7, table.data(), channel.data());
  long histogram[kChannels + 1] = {};
  unsigned long long checksum = 0;
  for (long i = 0; i < n; ++i) {
    ++histogram[channel[i] % (kChannels + 1)];
    checksum = checksum * 31 + static_cast<unsigned>(channel[i]);
  }
  std::printf("%ld %ld %ld %ld %ld %llu\n", histogram[1], histogram[2],
              histogram[3], histogram[4], histogram[5], checksum);
}
