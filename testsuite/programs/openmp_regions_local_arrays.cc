// The program's loops over arrays of the function itself, as OpenMP_VV's
// tests and small C programs write them (`int a[N]` with `map(to: a)`):
// mapped whole, from their first element (`b[0:N]`), or without a clause
// (implicitly `tofrom`), each becomes the section of a pointer to its
// first element and the loop a kernel.  So does an array that a `target
// data` of the function maps and the loop reads without a clause, which
// `target update` refreshes between the loops (HeCBench's rtm8, libor and
// bspline-vgh keep their coefficients so): the loop reads the device's
// copy.  Kept as written: an array that is firstprivate, a
// two-dimensional one, and one that both a `target data` of the function
// and the loop's own clause map.  An array declared in the loop stays
// each iteration's.  On the sim device: whole, first and implicit launch
// three times each, coefficients six times.
// { ferry-stats "FERRY_DEVICE=sim" "launches=15" }
#include <cstdio>

#define N 1000

static double whole(int round) {
  int a[N];
  double b[N], d[N];
  for (int i = 0; i < N; ++i) {
    a[i] = i % 17 + round;
    b[i] = 0.5 * i;
  }
#pragma omp target teams distribute parallel for map(to: a, b) map(from: d)
  for (int j = 0; j < N; ++j) {
    double scratch[4];
    for (int k = 0; k < 4; ++k)
      scratch[k] = a[j] * k;
    d[j] = b[j] + scratch[3] - scratch[1];
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += d[i];
  return sum;
}

static long first(int round) {
  long a[N], b[N];
  for (int i = 0; i < N; ++i) {
    a[i] = i + round;
    b[i] = -1;
  }
#pragma omp target teams distribute parallel for map(to: a[0:N]) map(tofrom: b[0:N])
  for (int j = 1; j < N; ++j)
    b[j] = a[j] * 2 - a[j - 1];
  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += b[i] * (i % 3);
  return sum;
}

static float implicit(int round) {
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = 0.25f * (i % 9) + round;
    y[i] = 1.0f;
  }
#pragma omp target teams distribute parallel for
  for (int j = 0; j < N; ++j)
    y[j] += x[j] * x[j];
  float sum = 0;
  for (int i = 0; i < N; ++i)
    sum += y[i];
  return sum;
}

static double kept(int round) {
  double a[N], b[N], grid[8][N / 8];
  for (int i = 0; i < N; ++i) {
    a[i] = i * 0.125 + round;
    b[i] = 0;
    grid[i % 8][i / 8] = i;
  }
#pragma omp target teams distribute parallel for firstprivate(a) map(from: b)
  for (int j = 0; j < N; ++j)
    b[j] = a[j] + 1;
#pragma omp target teams distribute parallel for map(tofrom: grid)
  for (int j = 0; j < N / 8; ++j)
    grid[3][j] += grid[2][j];
#pragma omp target data map(tofrom: b)
  {
#pragma omp target teams distribute parallel for map(tofrom: b)
    for (int j = 0; j < N; ++j)
      b[j] *= 2;
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += b[i] + grid[3][i / 8];
  return sum;
}

static double coefficients(int round) {
  float c[3] = {1.0f, 0.5f, 0.25f};
  double x[N], y[N];
  for (int i = 0; i < N; ++i)
    x[i] = i * 0.01 + round;
  double *px = x, *py = y;
#pragma omp target data map(to: c[0:3], px[0:N]) map(from: py[0:N])
  {
    for (int step = 0; step < 2; ++step) {
      c[step] += 2.0f * (round + 1);
#pragma omp target update to(c[0:3])
#pragma omp target teams distribute parallel for
      for (int i = 0; i < N; ++i)
        py[i] = c[0] * px[i] * px[i] + c[1] * px[i] + c[2];
    }
  }
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += y[i];
  return sum;
}

int main() {
  for (int round = 0; round < 3; ++round)
    std::printf("%.4f %ld %.3f %.4f %.4f\n", whole(round), first(round),
                implicit(round), kept(round), coefficients(round));
}
