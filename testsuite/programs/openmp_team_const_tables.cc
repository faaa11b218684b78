// A team loop that reads read-only tables of static storage (adamw's
// 4-bit quantization maps, `static const float _exp_qmap[]`), which no
// construct maps: OpenMP maps them implicitly, to and from.  ferry's
// team entry gets their bytes as it gets a struct's (plugin/team_regions.cc),
// so the region takes ferry's launch on a GPU; GCC's build, copying the
// tables back onto their read-only page, stops with SIGSEGV there.  Each
// value sits on a level, far from the midpoints, so every build prints
// the serial build's codes.  On the sim device the region runs as
// GCC compiled it: 2 launches.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdint>
#include <cstdio>
#include <vector>

static const float levels[] = {-0.875f, -0.625f, -0.375f, -0.125f,
                               0.125f,  0.375f,  0.625f,  0.875f};
static const float midpoints[] = {-0.75f, -0.5f, -0.25f, 0.0f,
                                  0.25f,  0.5f,  0.75f};

#pragma omp declare target
static int quantize(const float *table, const float *mids, float x) {
  int q = 0;
  while (q < 7 && x > mids[q])
    ++q;
  return table[q] > 0.0f ? q : -q;
}
#pragma omp end declare target

template <int block_size>
void quantize_rows(int rows, const float *x, int8_t *codes, float *scales) {
#pragma omp target teams distribute num_teams(rows)
  for (int row = 0; row < rows; ++row) {
    float largest = 0.0f;
#pragma omp parallel for reduction(max: largest) num_threads(block_size)
    for (int i = 0; i < block_size; ++i) {
      const float v = x[row * block_size + i];
      largest = v > largest ? v : (-v > largest ? -v : largest);
    }
    scales[row] = largest;
#pragma omp parallel for num_threads(block_size)
    for (int i = 0; i < block_size; ++i)
      codes[row * block_size + i] = (int8_t)quantize(
          levels, midpoints, x[row * block_size + i] / (largest + 1e-6f));
  }
}

int main() {
  const int rows = 37, width = 64;
  std::vector<float> x(rows * width), scales(rows);
  std::vector<int8_t> codes(rows * width);
  // Each value a level of the table, scaled by its row: a quarter of a
  // level's width from the nearest midpoint, so that no rounding moves it.
  for (int i = 0; i < rows * width; ++i)
    x[i] = levels[(i * 5 + i / 7) % 8] * float(1 + (i / width) % 3);
  float *px = x.data(), *ps = scales.data();
  int8_t *pc = codes.data();
#pragma omp target data map(to: px[0:rows * width]) map(from: pc[0:rows * width], ps[0:rows])
  {
    quantize_rows<width>(rows, px, pc, ps);
    quantize_rows<width>(rows, px, pc, ps);
  }
  long sum = 0, weighted = 0;
  for (int i = 0; i < rows * width; ++i) {
    sum += codes[i];
    weighted += long(codes[i]) * (i % 13);
  }
  std::printf("%ld %ld %.4f %.4f\n", sum, weighted, scales[0], scales[rows - 1]);
}
