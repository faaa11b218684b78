// Doubles at an odd byte address inside a byte buffer: x86 loads them,
// a GPU faults ("misaligned address").  ferry refuses such a buffer at
// its launch, on every device, naming the parameter, the alignment and
// what to do; an empty span there is no access and runs.
// { ferry-exit 1 "kernel 'twice' \(.*memory_misaligned_elements.cc:[0-9]+\) called at .*memory_misaligned_elements.cc:[0-9]+: 'a' starts at 0x[0-9a-f]*[13579bdf], which is not a multiple of 8, the alignment of its elements: a GPU cannot load them there\nferry: give the kernel aligned data" }
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>

[[ferry::kernel]] void twice(std::span<double> a) {
  for (std::size_t i = 0; i < a.size(); ++i)
    a[i] = 2.0 * a[i];
}

int main() {
  auto *raw = static_cast<unsigned char *>(std::malloc(8 * 100 + 8));
  std::memset(raw, 0, 8 * 100 + 8);
  auto *odd = reinterpret_cast<double *>(raw + 1);
  twice(std::span<double>(odd, 0));
  std::printf("an empty span runs\n");
  twice(std::span<double>(odd, 100));
  std::printf("not reached\n");
  std::free(raw);
}
