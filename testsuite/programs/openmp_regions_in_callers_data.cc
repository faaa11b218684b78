// The shape of most OpenMP offload codes: functions whose target loops use
// pointers without map clauses, called inside the caller's `target data`
// region or between `target enter data` and `target exit data`.  ferry
// runs those loops as kernels on the sections the program mapped (found
// at run time, plugin/region_lowering.cc, runtime/residency/program_maps.cc).
// (A call outside any data region would run as GCC compiled it, with the
// host's address on the device: no valid program makes one on a GPU.)
// Every run gives the serial build's answers; on the sim device the 14
// calls are ferry launches.
// { ferry-stats "FERRY_DEVICE=sim" "launches=14" }
#include <cstdio>
#include <vector>

static void scale(double *x, int n, double by) {
#pragma omp target teams distribute parallel for thread_limit(256)
  for (int i = 0; i < n; ++i)
    x[i] *= by;
}

static void axpy(const double *x, double *y, int n, double a) {
#pragma omp target teams distribute parallel for simd
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

static double total(const double *x, int n) {
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum)
  for (int i = 0; i < n; ++i)
    sum += x[i];
  return sum;
}

int main() {
  const int n = 3000;
  std::vector<double> xs(n), ys(n);
  double *x = xs.data(), *y = ys.data();
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 11) * 0.5;
    y[i] = 1.0;
  }
  double sums[4];
#pragma omp target data map(tofrom: x[0:n]) map(tofrom: y[0:n])
  {
    for (int step = 0; step < 4; ++step) { // 12 launches
      scale(x, n, 1.5);
      axpy(x, y, n, 0.25);
      sums[step] = total(y, n);
    }
  }

  double *z = new double[n];
  for (int i = 0; i < n; ++i)
    z[i] = i;
#pragma omp target enter data map(to: z[0:n])
  scale(z + 100, n - 100, 3.0); // a section from the middle of the mapped one
  axpy(z, z + 1500, 1500, 1.0);
#pragma omp target exit data map(from: z[0:n])

  std::printf("x[7]=%.12g y[7]=%.12g\n", x[7], y[7]);
  for (double s : sums)
    std::printf("sum=%.12g\n", s);
  std::printf("z[50]=%g z[200]=%g z[2000]=%g\n", z[50], z[200], z[2000]);
  delete[] z;
}
