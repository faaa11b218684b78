// Sub-spans more than 4 GiB into a block of 2^32 + 4099 bytes: offsets
// and lengths past 32 bits.  Only the pages the kernels touch are ever
// faulted in.  Every step must give the serial build's answers.
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <span>

[[ferry::kernel]] void bump(std::span<double> a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = 2.0 * a[i] + 1.0;
}

[[ferry::kernel]] void flip(std::span<char> bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<char>(bytes[i] + 1);
}

int main() {
  const std::size_t four_gib = std::size_t{1} << 32;
  const std::size_t bytes = four_gib + 4099;
  auto *raw = static_cast<char *>(std::malloc(bytes));
  if (!raw)
    return 1;
  auto *deep = reinterpret_cast<double *>(raw + four_gib);
  for (int i = 0; i < 512; ++i)
    deep[i] = i;
  bump(std::span<double>(deep, 512));
  bump(std::span<double>(deep + 256, 256));
  for (std::size_t i = four_gib + 4096; i < bytes; ++i)
    raw[i] = 1;
  flip(std::span<char>(raw + four_gib + 4096, 3)); // the last bytes
  raw[0] = 7;
  flip(std::span<char>(raw, 1));
  double sum = 0;
  for (int i = 0; i < 512; ++i)
    sum += deep[i];
  std::printf("%.1f %d %d %d\n", sum, raw[bytes - 3], raw[bytes - 1], raw[0]);
  std::free(raw);
}
