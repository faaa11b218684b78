// Team regions, team loops and a serial region whose own `map` clauses
// move their data, with no `target data` around them (stencil1d's
// `target teams distribute map(to: ...) map(from: ...)`, a tutorial's
// matrix-vector product): ferry runs them inside a data construct of the
// same maps, so that libgomp copies the data in before ferry looks up its
// device addresses and back after the launch (on a GPU), as the region
// itself would.  Shapes: a team region with `map(to:)` of one pointer's
// section and `map(from:)` of another's, a team loop with `map(tofrom:)`
// of a section it updates and a whole array of the function, a team loop
// over a section that starts past its pointer (`map(to: x[first:count])`),
// a team region with a `device` clause, a team loop inside a `target
// data` that mapped its data already (the region's maps move nothing), a
// serial region mapping a section `to` and one `from`; then the data
// the program reads back after each region.  On the sim device every
// region runs as GCC compiled it: 6 launches, 0 by ferry's entries.
// { ferry-stats "FERRY_DEVICE=sim" "launches=6" }
#include <cstdio>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num() { return 0; }
static int omp_get_num_threads() { return 1; }
static int omp_get_team_num() { return 0; }
static int omp_get_num_teams() { return 1; }
static int omp_get_default_device() { return 0; }
#endif

// Each team sums its rows of x through the team's array (a team region).
static void row_sums(int rows, int columns, const int *x, long *sums) {
#pragma omp target teams num_teams(4) thread_limit(64) \
    map(to : x[0 : rows * columns]) map(from : sums[0 : rows])
  {
    long partial[64];
#pragma omp parallel
    {
      const int t = omp_get_thread_num();
      const int threads = omp_get_num_threads();
      for (int r = omp_get_team_num(); r < rows; r += omp_get_num_teams()) {
        long mine = 0;
        for (int c = t; c < columns; c += threads)
          mine += x[r * columns + c];
        partial[t] = mine;
#pragma omp barrier
        if (t == 0) {
          long sum = 0;
          for (int k = 0; k < threads; k++)
            sum += partial[k];
          sums[r] = sum;
        }
#pragma omp barrier
      }
    }
  }
}

// y = A x for a square A, one row a team (a team loop); y is updated in
// place, and the weights are an array of the function.
static void add_product(int n, const double *a, const double *x, double *y) {
  double weights[4] = {1.0, 0.5, 0.25, 0.125};
#pragma omp target teams distribute num_teams(n) \
    map(to : a[0 : n * n], x[0 : n], weights) map(tofrom : y[0 : n])
  for (int row = 0; row < n; row++) {
    double sum = 0.0;
#pragma omp parallel for reduction(+ : sum) num_threads(64)
    for (int col = 0; col < n; col++)
      sum += a[row * n + col] * x[col] * weights[col % 4];
    y[row] += sum;
  }
}

// The maximum of each block of x[first:count] (a team loop over a
// section that starts past x).
static void block_maxima(const int *x, int first, int count, int block,
                         int *maxima) {
  const int blocks = count / block;
#pragma omp target teams distribute map(to : x[first : count]) \
    map(from : maxima[0 : blocks])
  for (int b = 0; b < blocks; b++) {
    int m = x[first + b * block];
#pragma omp parallel for reduction(max : m)
    for (int k = 0; k < block; k++)
      m = x[first + b * block + k] > m ? x[first + b * block + k] : m;
    maxima[b] = m;
  }
}

// Doubles v on the default device (a team region with a device clause).
static void twice(int n, float *v) {
  const int device = omp_get_default_device();
#pragma omp target teams num_teams(2) thread_limit(32) device(device) \
    map(tofrom : v[0 : n])
  {
#pragma omp parallel
    {
      const int threads = omp_get_num_threads() * omp_get_num_teams();
      for (int i = omp_get_team_num() * omp_get_num_threads() +
                   omp_get_thread_num();
           i < n; i += threads)
        v[i] *= 2.0f;
    }
  }
}

// A serial region: the running sum of v into out.
static void running_sum(int n, const float *v, float *out) {
#pragma omp target map(to : v[0 : n]) map(from : out[0 : n])
  {
    float sum = 0.0f;
    for (int i = 0; i < n; i++) {
      sum += v[i];
      out[i] = sum;
    }
  }
}

int main() {
  const int rows = 37, columns = 150;
  std::vector<int> x(rows * columns);
  for (int i = 0; i < rows * columns; i++)
    x[i] = (i * 7919) % 1000 - 500;
  std::vector<long> sums(rows, -1);
  row_sums(rows, columns, x.data(), sums.data());
  for (int r = 0; r < rows; r += 6)
    std::printf("row %d sum %ld\n", r, sums[r]);

  const int n = 100;
  std::vector<double> a(n * n), xv(n), y(n);
  for (int i = 0; i < n * n; i++)
    a[i] = (i % 13) - 6;
  for (int i = 0; i < n; i++) {
    xv[i] = i % 5;
    y[i] = i;
  }
  add_product(n, a.data(), xv.data(), y.data());
  // Within a data construct that mapped every array: the region's maps
  // move nothing, and what it writes comes back with the construct.
  double *ap = a.data(), *xp = xv.data(), *yp = y.data();
#pragma omp target data map(to : ap[0 : n * n], xp[0 : n]) \
    map(tofrom : yp[0 : n])
  add_product(n, ap, xp, yp);
  for (int i = 0; i < n; i += 9)
    std::printf("y[%d] = %.3f\n", i, y[i]);

  std::vector<int> maxima(10, 0);
  block_maxima(x.data(), 100, 10 * 64, 64, maxima.data());
  for (int b = 0; b < 10; b++)
    std::printf("max %d = %d\n", b, maxima[b]);

  std::vector<float> v(300);
  for (int i = 0; i < 300; i++)
    v[i] = 0.25f * (i % 40);
  twice(300, v.data());
  std::vector<float> running(300);
  running_sum(300, v.data(), running.data());
  for (int i = 0; i < 300; i += 37)
    std::printf("v[%d] = %.2f running %.2f\n", i, v[i], running[i]);
  return 0;
}
