// Read-only tables of static storage that a kernel's loop reads directly
// and through a helper (HeCBench's present: `static const uint8_t
// sbox[16] = {...}` in a target loop), in a program's OpenMP loop and in
// a [[ferry::kernel]].  GCC's own regions map such a table implicitly;
// ferry's direct entries name it, and GCC's offload compiler stopped the
// build: "variable 'sbox' has been referenced in offloaded code but hasn't
// been marked to be included in the offloaded code".  ferry makes each
// such table 'omp declare target' (plugin/device_functions.cc,
// offload_constant_tables): every image holds the same constant bytes.
// { ferry-stats "FERRY_DEVICE=sim" "launches=3" }
#include <ferry/ferry.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

static const std::uint8_t sbox[16] = {0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD,
                                      0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2};
const double weights[4] = {0.5, 0.25, 0.125, 0.0625};

static std::uint8_t substitute(std::uint8_t byte) {
  return static_cast<std::uint8_t>(sbox[byte >> 4] << 4 | sbox[byte & 15]);
}

static void encrypt(const std::uint8_t *plain, std::uint8_t *cipher, int n) {
#pragma omp target teams distribute parallel for map(to: plain[0:n]) map(from: cipher[0:n])
  for (int i = 0; i < n; ++i)
    cipher[i] = substitute(plain[i]) ^ sbox[i % 16];
}

[[ferry::kernel]] void weigh(int n, [[ferry::borrow(n)]] const double *x,
                             [[ferry::out(n)]] double *y) {
  for (int i = 0; i < n; ++i)
    y[i] = weights[i % 4] * x[i];
}

int main() {
  const int n = 5000;
  std::vector<std::uint8_t> plain(n), cipher(n);
  std::vector<double> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    plain[i] = static_cast<std::uint8_t>(i * 37 + 11);
    x[i] = i % 23;
  }
  encrypt(plain.data(), cipher.data(), n);
  encrypt(cipher.data(), plain.data(), n);
  weigh(n, x.data(), y.data());
  unsigned long sum = 0;
  double total = 0;
  for (int i = 0; i < n; ++i) {
    sum += plain[i] * (i % 7 + 1);
    total += y[i];
  }
  std::printf("%lu %u %.4f\n", sum, cipher[n - 1], total);
}
