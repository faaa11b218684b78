// Sub-spans as programs cut them: empty ones at any address, doubles and
// ints at aligned places inside a byte buffer that a kernel also takes
// whole (one entry made of several, whose device copy must keep each
// element aligned: a GPU faults on a misaligned load), and spans that end
// where others begin.  Every step must give the serial build's answers.
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>

[[ferry::kernel]] void twice(std::span<double> a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = 2.0 * a[i] + 1.0;
}

[[ferry::kernel]] void count_up(std::span<std::int32_t> a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] += static_cast<std::int32_t>(i);
}

[[ferry::kernel]] void flip(std::span<unsigned char> bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<unsigned char>(bytes[i] ^ 0x5a);
}

int main() {
  const std::size_t doubles = 3001;
  auto *raw = static_cast<unsigned char *>(
      std::malloc(doubles * sizeof(double) + 64));
  std::memset(raw, 0, doubles * sizeof(double) + 64);
  // Empty spans, aligned or not, touch nothing.
  twice(std::span<double>(reinterpret_cast<double *>(raw + 1), 0));
  twice(std::span<double>(reinterpret_cast<double *>(raw + 8), 0));
  count_up(std::span<std::int32_t>(reinterpret_cast<std::int32_t *>(raw + 3),
                                   0));
  // Doubles 8 bytes in, ints 4 bytes past them, then all the bytes.
  auto *values = reinterpret_cast<double *>(raw + 8);
  for (std::size_t i = 0; i < doubles; ++i)
    values[i] = static_cast<double>(i % 13);
  twice(std::span<double>(values, doubles));
  auto *ints = reinterpret_cast<std::int32_t *>(raw + 8 + doubles * 8 + 4);
  ints[0] = 5;
  ints[1] = 6;
  count_up(std::span<std::int32_t>(ints, 2));
  flip(std::span<unsigned char>(raw, doubles * sizeof(double) + 64));
  flip(std::span<unsigned char>(raw, doubles * sizeof(double) + 64));
  twice(std::span<double>(values + 1000, 1000)); // inside the bytes' entry
  twice(std::span<double>(values, 1000));        // ends where that begins
  double sum = 0;
  for (std::size_t i = 0; i < doubles; ++i)
    sum += values[i];
  std::printf("sum %.1f ints %d %d\n", sum, ints[0], ints[1]);
  std::free(raw);
}
