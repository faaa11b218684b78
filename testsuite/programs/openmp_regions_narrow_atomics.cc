// The program's own `#pragma omp atomic` updates of signed shorts and
// chars, in regions ferry runs as kernels, while their values are
// negative, beside neighbours in the same 32-bit word that no iteration
// touches: GCC 12's nvptx atomics wrote a negative value's sign into the
// rest of the word (an H100: `x[0] += 1` from -4 turned x[1] from 3 into
// -1, in GCC's own build too), its calls of libatomic for an unsigned
// short lost updates (the unsigned twin's, an H100, twenty-fifth
// session), and under `simd` lanes updating different words never left
// the update.  ferry updates each number by a compare-and-swap of its
// word, on both launch paths, and builds such a region without simd
// (plugin/narrow_atomics.cc, simt_safety.h).  Every element is printed;
// the serial build's answers.
#include <cstdio>

void shorts(int n, short *h) {
#pragma omp target teams distribute parallel for simd map(tofrom: h[0:8])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    h[2 * (i % 3)] += 1;
#pragma omp atomic
    h[6] -= 2;
  }
}

void chars(int n, signed char *h) {
#pragma omp target teams distribute parallel for map(tofrom: h[0:8])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    h[4 * (i % 2)] += 1;
#pragma omp atomic
    h[2] ^= 1;
  }
}

// Plain char and char16_t, types of their own beside signed and unsigned
// char: the word's update takes any 1- or 2-byte number.
void plain_chars(int n, char *c, char16_t *w) {
#pragma omp target teams distribute parallel for map(tofrom: c[0:8], w[0:4])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    c[i % 4] += 1;
#pragma omp atomic
    w[i % 2] += 2;
  }
}

int main() {
  short s[8] = {-40, 3, -5, 7, -9, 11, 13, -15};
  signed char c[8] = {-60, 3, -5, 7, -9, 11, 13, -15};
  shorts(90, s);
  chars(100, c);
  for (short v : s)
    std::printf("%d ", v);
  std::printf("\n");
  for (signed char v : c)
    std::printf("%d ", v);
  std::printf("\n");
  char p[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  char16_t w[4] = {1, 2, 3, 4};
  plain_chars(64, p, w);
  for (char v : p)
    std::printf("%d ", v);
  for (char16_t v : w)
    std::printf("%d ", static_cast<int>(v));
  std::printf("\n");
}
