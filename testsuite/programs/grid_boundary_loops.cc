// A grid's boundary loops, as HeCBench's burger writes them: one loop over
// a row's points that sets the first and the last row, one over the rows
// that sets the first and the last column, after the interior's stencil,
// each `nowait`.  An iteration writes two elements, a whole number of rows
// apart (no other iteration's) or at both ends of its own row: ferry shows
// them its own and runs all three loops as kernels, 3 per step over 4
// steps, and a kernel of the same shape with its extents as parameters
// (2 calls).
// { ferry-stats "FERRY_DEVICE=sim" "launches=14" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define idx(i, j) (i) * x_points + (j)

[[ferry::kernel]] void edges(int rows, int cols,
                             [[ferry::borrow_mut(rows * cols)]] float *grid,
                             float value) {
  for (int j = 0; j < cols; ++j) {
    grid[j] = value;
    grid[(rows - 1) * cols + j] = value;
  }
}

int main(int argc, char **argv) {
  const int x_points = argc > 1 ? std::atoi(argv[1]) : 130;
  const int y_points = argc > 2 ? std::atoi(argv[2]) : 70;
  const int n = x_points * y_points;
  std::vector<double> us(n), vs(n);
  double *u = us.data(), *u_new = vs.data();
  for (int i = 0; i < n; ++i)
    u[i] = (i % 13) * 0.125;
#pragma omp target data map(tofrom: u[0:n], u_new[0:n])
  for (int step = 0; step < 4; ++step) {
#pragma omp target teams distribute parallel for collapse(2) nowait
    for (int i = 1; i < y_points - 1; i++)
      for (int j = 1; j < x_points - 1; j++)
        u_new[idx(i, j)] = 0.25 * (u[idx(i + 1, j)] + u[idx(i - 1, j)] +
                                   u[idx(i, j + 1)] + u[idx(i, j - 1)]);
#pragma omp target teams distribute parallel for nowait
    for (int i = 0; i < x_points; i++) {
      u_new[idx(0, i)] = 1.0 + step;
      u_new[idx(y_points - 1, i)] = 2.0;
    }
#pragma omp target teams distribute parallel for nowait
    for (int j = 0; j < y_points; j++) {
      u_new[idx(j, 0)] = 3.0;
      u_new[idx(j, x_points - 1)] = 4.0 - step;
    }
#pragma omp taskwait
    std::swap(u, u_new);
  }
  std::vector<float> grid(20 * 30, 0.5f);
  edges(20, 30, grid.data(), 1.5f);
  edges(1, 30, grid.data(), 2.5f); // one row: both writes are one element
  double sum = 0, grid_sum = 0;
  for (int i = 0; i < n; ++i)
    sum += us[i] + 3 * vs[i];
  for (float g : grid)
    grid_sum += g;
  std::printf("u[7]=%.12g u[%d]=%.12g sum=%.12g grid_sum=%.9g\n", us[7],
              n - 3, us[n - 3], sum, grid_sum);
}
