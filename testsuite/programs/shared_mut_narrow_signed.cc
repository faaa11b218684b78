// shared_mut elements of signed types narrower than 32 bits, updated while
// negative: every update is atomic, on the GPU a compare-and-swap of the
// 32-bit word around the element.  GCC 12's nvptx atomics wrote a
// negative short's or char's sign into the rest of that word (`x[0] += 1`
// from -4 turned x[1] from 3 into -1, in GCC's own build too); ferry
// updates only the element's bytes of the word, on both launch paths
// (<ferry/direct.hpp>, atomic_apply_in_word).  Each kernel adds into a
// few elements whose neighbours it never touches, and every element is
// printed.
#include <cstdio>

[[ferry::kernel]] void add_shorts(int n, [[ferry::shared_mut(8)]] short *h) {
  for (int i = 0; i < n; ++i) {
    h[2 * (i % 3)] += 1;
    h[6] -= 2;
  }
}

[[ferry::kernel]] void add_chars(int n, [[ferry::shared_mut(8)]] signed char *h) {
  for (int i = 0; i < n; ++i) {
    h[4 * (i % 2)] += 1;
    h[2] ^= 1;
  }
}

int main() {
  short s[8] = {-40, 3, -5, 7, -9, 11, 13, -15};
  signed char c[8] = {-60, 3, -5, 7, -9, 11, 13, -15};
  add_shorts(90, s);
  add_chars(100, c);
  for (short v : s)
    std::printf("%d ", v);
  std::printf("\n");
  for (signed char v : c)
    std::printf("%d ", v);
  std::printf("\n");
}
