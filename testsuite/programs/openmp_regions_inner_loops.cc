// A target loop whose iterations hold a `#pragma omp loop bind(thread)` or
// `#pragma omp simd` loop of their own (su3_bench's version 4: `teams loop
// collapse(4)` around a `loop bind(thread)` over a row): ferry runs the
// region as a kernel, each inner loop in order on its iteration's thread
// (plugin/region_inner_loops.cc), and the answers are the serial build's.
// A `simd` with a reduction of its own keeps GCC's path
// (diagnostics/explain_inner_loops.cc); its answers are the same.
#include <cstdio>

struct Matrix {
  double e[3][3];
};

void products(int sites, const Matrix *a, const Matrix *b, Matrix *c) {
#pragma omp target teams loop collapse(3) map(to: a[0:sites], b[0:4]) map(from: c[0:sites])
  for (int i = 0; i < sites; ++i)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) {
        double sum = 0;
#pragma omp loop bind(thread)
        for (int m = 0; m < 3; ++m)
          sum += a[i].e[k][m] * b[i % 4].e[m][l];
        c[i].e[k][l] = sum;
      }
}

void prefix_rows(int rows, int cols, const float *x, float *out) {
#pragma omp target teams distribute parallel for map(to: x[0:rows * cols]) map(from: out[0:rows * cols])
  for (int r = 0; r < rows; ++r) {
    const float *row = x + r * cols;
#pragma omp simd safelen(8)
    for (int k = 0; k <= cols - 1; ++k)
      out[r * cols + k] = 2.0f * row[k] + static_cast<float>(k);
  }
}

double row_sums(int rows, int cols, const double *x, double *sums) {
#pragma omp target teams distribute parallel for map(to: x[0:rows * cols]) map(from: sums[0:rows])
  for (int r = 0; r < rows; ++r) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int k = 0; k < cols; ++k)
      s += x[r * cols + k];
    sums[r] = s;
  }
  double total = 0;
  for (int r = 0; r < rows; ++r)
    total += sums[r];
  return total;
}

int main() {
  const int sites = 50, rows = 13, cols = 29;
  static Matrix a[sites], b[4], c[sites];
  for (int i = 0; i < sites; ++i)
    for (int k = 0; k < 3; ++k)
      for (int m = 0; m < 3; ++m) {
        a[i].e[k][m] = (i * 7 + k * 3 + m) % 11 - 5;
        if (i < 4)
          b[i].e[k][m] = (i + k * m) % 5 + 0.5;
      }
  products(sites, a, b, c);
  double check = 0;
  for (int i = 0; i < sites; ++i)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l)
        check += c[i].e[k][l] * (i + 1) * (k + 2) * (l + 3);
  std::printf("%.17g\n", check);
  static float x[rows * cols], out[rows * cols];
  static double xd[rows * cols], sums[rows];
  for (int k = 0; k < rows * cols; ++k) {
    x[k] = static_cast<float>(k % 17) - 8.0f;
    xd[k] = 0.25 * (k % 23);
  }
  prefix_rows(rows, cols, x, out);
  float sum = 0;
  for (int k = 0; k < rows * cols; ++k)
    sum += out[k] * static_cast<float>(k % 5);
  std::printf("%.9g\n", sum);
  std::printf("%.17g\n", row_sums(rows, cols, xd, sums));
}
