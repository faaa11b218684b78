// Two writes per iteration are its own only a whole number of sweeps apart
// (programs/grid_boundary_loops.cc): writes closer than the loop's range,
// or past the end of the iteration's row, reach other iterations' elements.
#include <ferry/ferry.hpp>

[[ferry::kernel]] void ends_overlap(int cols,
                                    [[ferry::borrow_mut(2 * cols)]] float *g) {
  for (int j = 0; j < cols; ++j) {
    g[j] = 1;
    g[j + cols - 1] = 2; // { dg-error "possible data race: this write of 'g' is not at an element that only the current iteration touches" }
  }
}

[[ferry::kernel]] void unrelated_shift(int cols, int rows,
                                       [[ferry::borrow_mut(cols + rows)]] float *g) {
  for (int j = 0; j < cols; ++j) {
    g[j] = 1;
    g[j + rows] = 2; // { dg-error "possible data race: this write of 'g' is not at an element that only the current iteration touches" }
  }
}

[[ferry::kernel]] void past_own_row(int rows, int cols,
                                    [[ferry::borrow_mut(rows * cols + 1)]] float *g) {
  for (int j = 0; j < rows; ++j) {
    g[j * cols] = 1;
    g[j * cols + cols] = 2; // { dg-error "possible data race: this write of 'g' is not at an element that only the current iteration touches" }
  }
}

[[ferry::kernel]] void row_of_two_loops(int rows, int cols,
                                        [[ferry::borrow_mut(rows * cols)]] float *g) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      g[i * cols + j] = 1;
      g[(rows - 1) * cols + j] = 2; // { dg-error "possible data race: this write of 'g' is not at an element that only the current iteration touches" }
    }
}

// In a collapsed nest the sweep is the whole nest's: fields a whole nest
// apart are each iteration's own (programs/openmp_region_globals.cc), one
// a row apart is the next row's iteration's.
[[ferry::kernel]] void fields_a_row_apart(int nz, int nx,
                                          [[ferry::borrow_mut(2 * nz * nx)]] float *f) {
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i) {
      f[k * nx + i] = 1;
      f[nx + k * nx + i] = 2; // { dg-error "possible data race: this write of 'f' is not at an element that only the current iteration touches" }
    }
}

// Fields further apart than the nest's sweep need not be a multiple of it
// apart, but each must be a sweep from every other: the last two here are
// one row apart.
[[ferry::kernel]] void fields_close_to_each_other(int nz, int nx,
                                                  [[ferry::borrow_mut(3 * nz * nx)]] float *f) {
  for (int k = 0; k < nz; ++k)
    for (int i = 0; i < nx; ++i) {
      f[k * nx + i] = 1;
      f[nz * nx + nx + k * nx + i] = 2; // { dg-error "possible data race: this write of 'f' is not at an element that only the current iteration touches" }
      f[nz * nx + 2 * nx + k * nx + i] = 3;
    }
}
