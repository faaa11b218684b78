// Arrays of packed structs, as miniBUDE declares its atoms
// (`struct __attribute__((packed)) Atom { float x, y, z; int type; }`).
// The direct entry loads their fields whole, assuming each device copy
// aligned to 4 bytes, and libferry checks that before every launch: a
// packed array that starts 1 byte into a buffer already on the device has
// a device address that is not, and takes the OpenMP path, with the same
// answers.  A packed struct whose size keeps its fields unaligned
// (double and char, 9 bytes) gets no assumption.  Answers against the
// serial build, on the GPU from both paths (up to the GPU's fused
// multiply-adds; the two calls' energies are compared exactly).
// { ferry-tolerance 1e-5 }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

struct __attribute__((packed)) Atom {
  float x, y, z;
  int type;
};

struct __attribute__((packed)) Weight {
  double w;
  char tag;
};

[[ferry::kernel]] void energies(int n, int m,
                                [[ferry::borrow(m)]] const Atom *atoms,
                                [[ferry::out(n)]] float *e) {
  for (int i = 0; i < n; ++i) {
    float sum = 0;
    for (int j = 0; j < m; ++j) {
      const Atom a = atoms[j];
      const float d = a.x - float(i) * 0.01f;
      sum += d * d + a.y * a.z + float(a.type % 3);
    }
    e[i] = sum;
  }
}

[[ferry::kernel]] void weigh(int n, [[ferry::borrow(n)]] const Weight *weights,
                             [[ferry::out(n)]] double *out) {
  for (int i = 0; i < n; ++i)
    out[i] = weights[i].w * double(weights[i].tag);
}

// Puts all of BYTES on the device as one buffer.
[[ferry::kernel]] void
sum_bytes(int n, [[ferry::borrow(n)]] const unsigned char *bytes,
          [[ferry::out(1)]] unsigned *sum) {
  for (int i = 0; i < 1; ++i) {
    unsigned total = 0;
    for (int k = 0; k < n; ++k)
      total += bytes[k];
    sum[i] = total;
  }
}

int main() {
  const int n = 4096, m = 97;
  std::vector<Atom> atoms(m);
  for (int j = 0; j < m; ++j)
    atoms[j] = {float(j) * 0.25f, float(j % 7) - 3.0f, 0.5f + float(j % 5),
                j * 13};
  std::vector<float> aligned(n), shifted(n);
  energies(n, m, atoms.data(), aligned.data());

  // The same atoms 1 byte into a buffer that is on the device already.
  const int bytes = m * int(sizeof(Atom)) + 1;
  auto *raw = static_cast<unsigned char *>(std::malloc(bytes));
  raw[0] = 7;
  std::memcpy(raw + 1, atoms.data(), m * sizeof(Atom));
  unsigned byte_sum = 0;
  sum_bytes(bytes, raw, &byte_sum);
  energies(n, m, reinterpret_cast<const Atom *>(raw + 1), shifted.data());

  int differ = 0;
  for (int i = 0; i < n; ++i)
    differ += aligned[i] != shifted[i];
  std::printf("bytes %u\n", byte_sum);
  for (int i = 0; i < n; i += 511)
    std::printf("energy %d %.6g\n", i, aligned[i]);
  std::printf("shifted atoms differ at %d of %d\n", differ, n);

  const int w = 1000;
  auto *packed = static_cast<Weight *>(std::malloc(w * sizeof(Weight)));
  for (int i = 0; i < w; ++i)
    packed[i] = {0.5 * i, char(i % 11)};
  std::vector<double> out(w);
  weigh(w, packed, out.data());
  double total = 0;
  for (double v : out)
    total += v;
  std::printf("weights %.1f\n", total);
  std::free(packed);
  std::free(raw);
}
