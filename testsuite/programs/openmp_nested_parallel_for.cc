// `teams distribute` over the outer loops and a `parallel for` over the
// inner one, as OpenMP 4.5 codes write two levels of parallelism
// (HeCBench's gelu; su3_bench's version 0 with `collapse(3)` on the inner
// one): ferry checks and runs the nest as one collapsed loop, each
// iteration computing the outer loop's locals again.  A nested
// loop that reduces into a local of the outer iteration, or that a
// statement follows, is not such a nest: it is a team loop
// (openmp_team_loops.cc), its data mapped by its own clauses, which ferry
// runs inside a data construct of the same maps (region_data.cc).  On the
// sim device: 3 calls of the folded nest, 2 of the one-level form, 3 of
// the team loops, 1 of the collapsed inner loops.
// { ferry-stats "FERRY_DEVICE=sim" "launches=9" }
#include <cstdio>
#include <vector>

static void bias_rows(float *src, const float *bias, int batches, int height,
                      int width, float by) {
#pragma omp target teams distribute collapse(2) \
    map(tofrom: src[0:batches * height * width]) map(to: bias[0:width])
  for (int batch = 0; batch < batches; batch++) {
    for (int x = 0; x < height; x++) {
      const int index = batch * width * height + x * width;
      #pragma omp parallel for num_threads(128)
      for (int y = 0; y < width; y++) {
        float t = src[index + y] + bias[y];
        src[index + y] = by * t;
      }
    }
  }
}

static void row_scale(double *a, int rows, int cols) {
#pragma omp target teams distribute map(tofrom: a[0:rows * cols])
  for (int r = 0; r < rows; ++r) {
    #pragma omp parallel for simd
    for (int c = 0; c < cols; ++c)
      a[r * cols + c] *= 1.0 + r;
  }
}

// su3_bench's version 0: a site's 4 x 3 x 3 products under `parallel for
// collapse(3)`, one site a team.
static void site_products(int sites, const double *a, const double *b,
                          double *c) {
#pragma omp target teams distribute map(to: a[0:sites * 36], b[0:36]) \
    map(from: c[0:sites * 36])
  for (int i = 0; i < sites; ++i) {
    #pragma omp parallel for collapse(3)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) {
          double sum = 0;
          for (int m = 0; m < 3; ++m)
            sum += a[i * 36 + j * 9 + k * 3 + m] * b[j * 9 + m * 3 + l];
          c[i * 36 + j * 9 + k * 3 + l] = sum;
        }
  }
}

// The nested loops' variables declared by the team and made private: a
// team loop (folded, the new scope declared them again, and every update
// added 0).
static void offsets(int n, double *c) {
#pragma omp target teams distribute map(tofrom: c[0:n * 6])
  for (int i = 0; i < n; ++i) {
    int j, k;
    #pragma omp parallel for collapse(2) private(j, k)
    for (j = 0; j < 2; ++j)
      for (k = 0; k < 3; ++k)
        c[i * 6 + j * 3 + k] += i * (j - k);
  }
}

// The same with one nested level (c89ade8 folded it, and gave wrong
// answers).
static void row_offsets(int n, double *c) {
#pragma omp target teams distribute map(tofrom: c[0:n * 6])
  for (int i = 0; i < n; ++i) {
    int j;
    #pragma omp parallel for
    for (j = 0; j < 6; ++j)
      c[i * 6 + j] += i * j;
  }
}

static void row_sums(const double *a, double *sums, int rows, int cols) {
#pragma omp target teams distribute map(to: a[0:rows * cols]) \
    map(from: sums[0:rows])
  for (int r = 0; r < rows; ++r) {
    double s = 0;
    #pragma omp parallel for reduction(+: s)
    for (int c = 0; c < cols; ++c)
      s += a[r * cols + c];
    sums[r] = s; // a team loop: a statement after the nested loop
  }
}

int main() {
  const int batches = 3, height = 20, width = 70;
  std::vector<float> src(batches * height * width), bias(width);
  for (std::size_t i = 0; i < src.size(); ++i)
    src[i] = (i % 11) * 0.25f;
  for (int y = 0; y < width; ++y)
    bias[y] = y * 0.01f;
  for (int k = 0; k < 3; ++k)
    bias_rows(src.data(), bias.data(), batches, height, width, 0.5f);

  const int rows = 40, cols = 33;
  std::vector<double> a(rows * cols, 1.0), sums(rows);
  row_scale(a.data(), rows, cols);
  row_scale(a.data(), rows, cols);
  row_sums(a.data(), sums.data(), rows, cols);
  const int sites = 50;
  std::vector<double> sa(sites * 36), sb(36), sc(sites * 36, -1.0);
  for (int k = 0; k < sites * 36; ++k)
    sa[k] = (k * 5 % 9) - 4;
  for (int k = 0; k < 36; ++k)
    sb[k] = 0.5 * (k % 7) - 1.5;
  site_products(sites, sa.data(), sb.data(), sc.data());
  double products = 0;
  for (int k = 0; k < sites * 36; ++k)
    products += sc[k] * (k % 13 + 1);
  offsets(sites, sc.data());
  row_offsets(sites, sc.data());
  for (int k = 0; k < sites * 6; ++k)
    products += sc[k] * (k % 5 + 2);
  std::printf("products=%.17g\n", products);
  double total = 0, sum_total = 0;
  for (float v : src)
    total += v;
  for (double v : sums)
    sum_total += v;
  std::printf("src[77]=%.9g total=%.9g a[%d]=%g sums=%.12g\n", src[77], total,
              rows * cols - 1, a[rows * cols - 1], sum_total);
}
