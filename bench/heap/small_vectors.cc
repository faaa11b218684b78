// The heap under ferry: a program that keeps many small vectors live
// (100,000 of 1.5 KiB by default), as a particle or mesh code keeps its
// per-cell arrays.  With pages guarded, libferry serves blocks under a page
// from its own allocator (runtime/pages/small_blocks.h); this measures what
// that costs against glibc's: the time to allocate and fill them, the time
// to free them, and the growth of the resident set.  Build it with g++ and
// with ferry-g++ and compare (testsuite/tools/small_blocks_memory.sh holds
// them to 1.3x the memory and 2x the time of the g++ build).
//   g++ -O2 -o small_vectors_gxx small_vectors.cc
//   ferry-g++ -O2 -o small_vectors_ferry small_vectors.cc
//   ./small_vectors_gxx [count [bytes]]; ./small_vectors_ferry [count [bytes]]
// Prints: small-vectors,COUNT,BYTES,ALLOCATE_MS,FREE_MS,RSS_GROWTH_BYTES
// (g++ needs -I for <ferry/ferry.hpp>; without the plugin it is plain C++.)
#include <ferry/ferry.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include <unistd.h>

static long resident_bytes() {
  long pages = 0, resident = 0;
  if (FILE *statm = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(statm, "%ld %ld", &pages, &resident) != 2)
      resident = 0;
    std::fclose(statm);
  }
  return resident * sysconf(_SC_PAGESIZE);
}

// A kernel on one of the cells after the measures, so that the ferry
// build is a ferry program, with libferry's heap.
[[ferry::kernel]] void scale(long n, double by,
                             [[ferry::borrow_mut(n)]] double *cell) {
  for (long i = 0; i < n; ++i)
    cell[i] *= by;
}

int main(int argc, char **argv) {
  const long count = argc > 1 ? std::atol(argv[1]) : 100000;
  const long bytes = argc > 2 ? std::atol(argv[2]) : 1536;
  using clock = std::chrono::steady_clock;
  auto ms = [](clock::time_point from, clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
  };
  // The outer array is allocated before the first measure.
  std::unique_ptr<std::vector<double>[]> cells(new std::vector<double>[count]);
  const long before = resident_bytes();
  const auto start = clock::now();
  for (long i = 0; i < count; ++i)
    cells[i].assign(bytes / sizeof(double), static_cast<double>(i));
  const auto allocated = clock::now();
  const long growth = resident_bytes() - before;
  scale(static_cast<long>(cells[0].size()), 2.0, cells[0].data());
  double sum = cells[0].front();
  for (long i = 0; i < count; i += 97)
    sum += cells[i].back();
  const auto freeing = clock::now();
  cells.reset();
  const auto freed = clock::now();
  std::printf("small-vectors,%ld,%ld,%.3f,%.3f,%ld\n", count, bytes,
              ms(start, allocated), ms(freeing, freed), growth);
  return sum > 0 ? 0 : 1;
}
