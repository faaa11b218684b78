// Collapsed nests whose two inner levels are short: on the GPU a block
// holds those levels exactly, for several iterations of the outer levels
// along z (runtime/nvptx/launch_geometry.cc, nest_geometry), and each
// thread finds its place from its block's threads along z too
// (<ferry/direct.hpp>, grid_z_index).  A kernel of 3 x 3 matrix rows in
// blocks of 32 threads (3 layers a block, more layers than one grid's
// 65,535 blocks cover: two launches), su3_bench's collapse(4) as an
// OpenMP region, a 2 x 1 inner nest, and reductions over 4 x 4 and 3 x 3
// inner levels (whole warps: 16 layers of 4 x 4; 3 x 3 keeps the tiles).
// Every element is written once, and the answers are the serial build's.
#include <cstdio>
#include <vector>

[[ferry::kernel(threads(32))]]
void matrix_rows(int sites, [[ferry::borrow(sites * 9)]] const double *a,
                 [[ferry::borrow(9)]] const double *b,
                 [[ferry::out(sites * 9)]] double *c) {
  for (int i = 0; i < sites; ++i)
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l) {
        double sum = 0;
        for (int m = 0; m < 3; ++m)
          sum += a[i * 9 + k * 3 + m] * b[m * 3 + l];
        c[i * 9 + k * 3 + l] = sum;
      }
}

void su3_products(int sites, const double *a, const double *b, double *c) {
#pragma omp target teams distribute parallel for collapse(4) map(to: a[0:sites * 36], b[0:36]) map(from: c[0:sites * 36])
  for (int i = 0; i < sites; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 3; ++k)
        for (int l = 0; l < 3; ++l) {
          double sum = 0;
          for (int m = 0; m < 3; ++m)
            sum += a[i * 36 + j * 9 + k * 3 + m] * b[j * 9 + m * 3 + l];
          c[i * 36 + j * 9 + k * 3 + l] = sum;
        }
}

void pairs(int n, const int *x, int *y) {
#pragma omp target teams distribute parallel for collapse(3) map(to: x[0:n * 2]) map(from: y[0:n * 2])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 2; ++j)
      for (int k = 0; k < 1; ++k)
        y[i * 2 + j + k] = x[i * 2 + j] * 3 - i;
}

long tile_sum(int n, int side, const int *x) {
  long total = 0;
#pragma omp target teams distribute parallel for collapse(3) map(to: x[0:n * side * side]) reduction(+ : total)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < side; ++j)
      for (int k = 0; k < side; ++k)
        total += x[(i * side + j) * side + k] * (j + 1) - k;
  return total;
}

int main() {
  const int sites = 200000; // 600,000 layers: two grids of 65,535 x 3
  std::vector<double> a(sites * 36), b(36), c(sites * 36, -1.0);
  for (int k = 0; k < sites * 36; ++k)
    a[k] = (k * 7 % 13) - 6;
  for (int k = 0; k < 36; ++k)
    b[k] = 0.5 * (k % 5) - 1;
  matrix_rows(sites, a.data(), b.data(), c.data());
  double check = 0;
  for (int k = 0; k < sites * 9; ++k)
    check += c[k] * (k % 17 + 1);
  std::printf("rows %.17g\n", check);

  const int su3_sites = 5000;
  su3_products(su3_sites, a.data(), b.data(), c.data());
  check = 0;
  for (int k = 0; k < su3_sites * 36; ++k)
    check += c[k] * (k % 19 + 1);
  std::printf("su3 %.17g\n", check);

  const int n = 1000;
  std::vector<int> x(n * 16), y(n * 2, -7);
  for (int k = 0; k < n * 16; ++k)
    x[k] = k % 29 - 14;
  pairs(n, x.data(), y.data());
  long pairs_check = 0;
  for (int k = 0; k < n * 2; ++k)
    pairs_check += static_cast<long>(y[k]) * (k + 1);
  std::printf("pairs %ld\n", pairs_check);

  std::printf("tiles 4x4 %ld\n", tile_sum(n, 4, x.data()));
  std::printf("tiles 3x3 %ld\n", tile_sum(n, 3, x.data()));
  return 0;
}
