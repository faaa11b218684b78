// The program's own `#pragma omp atomic` updates of signed shorts and
// chars, in regions ferry runs as kernels, while their values are
// negative, beside neighbours in the same 32-bit word that no iteration
// touches: GCC 12's nvptx atomics wrote a negative value's sign into the
// rest of the word (an H100: `x[0] += 1` from -4 turned x[1] from 3 into
// -1, in GCC's own build too), and under `simd` lanes updating different
// words never left the update.  ferry updates the unsigned twin's bits and
// builds such a region without simd (plugin/lower_omp.cc, simt_safety.h).
// Every element is printed; the serial build's answers.
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
}
