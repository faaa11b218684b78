// A helper that takes a struct of floats and ints by value, called from a
// target loop, as HeCBench's bonds writes its interest rates: GCC 12's
// nvptx back end, once SRA has split the struct, loads its first float
// with `ld.u32` into a float register, which ptxas refuses ("Arguments
// mismatch for instruction 'ld'"): the program did not build, with
// ferry-g++ as with GCC's own offloading.  ferry's nvptx assembler
// (tools/ferry-nvptx-as) types such loads and stores as bits.  Where
// CUDA's ptxas is on the PATH (build.sh adds it), the build checks the PTX.
// The helper is the program's own function, not static: GCC keeps it out of
// line, its struct a parameter.
// { ferry-stats "FERRY_DEVICE=sim" "launches=1" }
#include <cmath>
#include <cstdio>
#include <vector>

typedef struct {
  float rate;
  float freq;
  int comp;
  int day_counter;
} Rate;

float compound_factor(Rate rate, float t) {
  if (rate.comp == 0)
    return 1.0f + rate.rate * t;
  if (rate.comp == 1)
    return std::pow(1.0f + rate.rate / rate.freq, rate.freq * t);
  if (rate.comp == 2)
    return std::exp(rate.rate * t);
  return 0.0f;
}

int main() {
  const int n = 4096;
  std::vector<float> out(n);
  float *o = out.data();
  const Rate base = {0.05f, 2.0f, 0, 0};
#pragma omp target teams distribute parallel for map(from: o[0:n])
  for (int i = 0; i < n; ++i) {
    Rate rate = base;
    rate.comp = i % 4;
    rate.rate += 0.0001f * (i % 13);
    o[i] = compound_factor(rate, 0.01f * (i % 50));
  }
  double sum = 0;
  for (float v : out)
    sum += v;
  std::printf("%.4f %.6f %.6f\n", sum, out[1], out[4094]);
}
