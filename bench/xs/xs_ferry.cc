// The lookup benchmark (xs.hpp) as a ferry kernel, written as a user
// would: the loop calls the helpers as they are.  Prints the lookups per
// second of the timed calls and XSBench's verification checksum.
//   ferry-g++ -O3 -o xs_ferry xs_ferry.cc
#include "xs.hpp"

#include <ferry/ferry.hpp>

#include <chrono>

constexpr long kGridDoubles = xs::kNuclides * xs::kGridPoints * xs::kPointDoubles;
constexpr long kTableEntries = xs::kMaterials * xs::kMaxNuclidesPerMaterial;

[[ferry::kernel]]
void lookups(long n, [[ferry::borrow(kGridDoubles)]] const double *grid,
             [[ferry::borrow(xs::kMaterials)]] const int *counts,
             [[ferry::borrow(kTableEntries)]] const int *nuclides,
             [[ferry::borrow(kTableEntries)]] const double *concentrations,
             [[ferry::out(n)]] int *verification) {
  for (long i = 0; i < n; ++i)
    verification[i] = xs::lookup(i, grid, counts, nuclides, concentrations);
}

int main(int argc, char **argv) {
  const long n = xs::lookups_from(argc, argv);
  const xs::Tables tables = xs::make_tables();
  std::vector<int> verification(n);
  // The first call uploads the tables and loads the kernel.
  lookups(n, tables.grid.data(), tables.counts.data(), tables.nuclides.data(),
          tables.concentrations.data(), verification.data());
  ferry::wait();
  const int repetitions = 5;
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repetitions; ++r)
    lookups(n, tables.grid.data(), tables.counts.data(),
            tables.nuclides.data(), tables.concentrations.data(),
            verification.data());
  ferry::wait();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  unsigned long long checksum = 0;
  for (int v : verification)
    checksum += static_cast<unsigned long long>(v);
  std::printf("xs,ferry,%ld,%.4f,%llu\n", n,
              n * double(repetitions) / seconds / 1e6, checksum);
}
