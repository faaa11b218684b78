// SPDX-License-Identifier: GPL-3.0-or-later
// One buffer of 4.5 GiB: uploads and copies back of more than 4 GiB in one
// piece, into page-locked memory, on a GPU.
#include <ferry/ferry.hpp>
#include <cstdio>
#include <span>
#include <vector>
[[ferry::kernel]] void flip(std::span<unsigned char> bytes) {
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<unsigned char>(bytes[i] + 1);
}
int main() {
  const std::size_t bytes = (std::size_t{9} << 29) + 4099; // 4.5 GiB + 4099
  std::vector<unsigned char> data(bytes);
  for (std::size_t i = 0; i < bytes; i += 4096) data[i] = static_cast<unsigned char>(i >> 12);
  data[bytes - 1] = 7;
  flip(data);
  flip(data);
  unsigned long sum = 0;
  for (std::size_t i = 0; i < bytes; i += 4096) sum += data[i];
  std::printf("%lu %d %d\n", sum, data[bytes - 1], data[bytes - 2]);
}
