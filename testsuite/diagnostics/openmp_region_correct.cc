// Target loops that are right by OpenMP's meaning get no word from ferry:
// reductions with their clause, private and firstprivate variables,
// collapsed nests with a serial inner loop, atomic updates, scatters
// through an index list, sections already mapped by a data region of the
// function, pointers used without a map, loops that end at `<=`, arrays
// of structs, the combined forms of the construct, per-team copies under
// teams distribute, stores of one value or under a condition, arrays of
// the function, and reductions over an array section.
#include <cmath>
#include <omp.h>
#include <cstdio>
#include <cstdlib>
struct P { float x, y, z; };
static inline float sq(float v) { return v * v; }
double dot(int n, const double *a, const double *b) {
  double s = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n], b[0:n]) reduction(+: s)
  for (int i = 0; i < n; ++i) s += a[i] * b[i];
  return s;
}
void mm(int n, const float *a, const float *b, float *c) {
#pragma omp target teams distribute parallel for collapse(2) map(to: a[0:n*n], b[0:n*n]) map(from: c[0:n*n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float t = 0;
      for (int k = 0; k < n; ++k) t += a[i * n + k] * b[k * n + j];
      c[i * n + j] = t;
    }
}
void hist(int n, const int *v, int *h) {
#pragma omp target teams distribute parallel for map(to: v[0:n]) map(tofrom: h[0:16])
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    h[v[i] & 15] += 1;
  }
}
void scatter(int n, const int *idx, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: idx[0:n], x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i) y[idx[i]] = x[i];
}
void priv(int n, const double *x, double *y) {
  double t;
#pragma omp target teams distribute parallel for private(t) map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i) { t = x[i] * 2; y[i] = t; }
}
void data_region(int n, double *x) {
#pragma omp target data map(tofrom: x[0:n])
  {
    for (int step = 0; step < 3; ++step) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; ++i) x[i] += 1.0;
    }
  }
}
void enter_exit(int n, double *x) {
#pragma omp target enter data map(to: x[0:n])
#pragma omp target teams distribute parallel for map(from: x[0:n])
  for (int i = 0; i < n; ++i) x[i] = x[i] * 2;
#pragma omp target exit data map(from: x[0:n])
}
void particles(int n, const P *p, float *d) {
#pragma omp target parallel for map(to: p[0:n]) map(from: d[0:n])
  for (int i = 0; i < n; ++i) d[i] = std::sqrt(sq(p[i].x) + sq(p[i].y) + sq(p[i].z));
}
void teams_loop(int n, float *a) {
#pragma omp target teams loop map(tofrom: a[0:n])
  for (int i = 0; i < n; ++i) a[i] = a[i] * 0.5f;
}
void maxred(int n, const float *a, float *out) {
  float m = -1e30f;
#pragma omp target teams distribute parallel for reduction(max: m) map(to: a[0:n])
  for (int i = 0; i < n; ++i) if (a[i] > m) m = a[i];
  *out = m;
}
void rows(int n, int m, const double *a, double *rowsum) {
#pragma omp target teams distribute parallel for map(to: a[0:n*m]) map(from: rowsum[0:n])
  for (int i = 0; i < n; ++i) {
    const double *row = a + (long)i * m;
    double s = 0;
    for (int j = 0; j < m; ++j) s += row[j];
    rowsum[i] = s;
  }
}
void twowrites(int n, double *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:2*n])
  for (int i = 0; i < n; ++i) { y[2 * i] = 1; y[2 * i + 1] = 2; }
}
void offset_section(int n, double *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[5:n])
  for (int i = 5; i < n + 5; ++i) y[i] = 1;
}
void le_loop(int n, double *y) {
#pragma omp target teams distribute parallel for simd map(tofrom: y[0:n+1])
  for (int i = 0; i <= n; i++) y[i] += 1;
}
void lastpriv(int n, double *y, double *last) {
  double v = 0;
#pragma omp target teams distribute parallel for lastprivate(v) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i) { v = y[i]; y[i] = v + 1; }
  *last = v;
}
void isdev(int n, double *d) {
#pragma omp target teams distribute parallel for is_device_ptr(d)
  for (int i = 0; i < n; ++i) d[i] = i;
}
void fp(int n, double a, double *y) {
#pragma omp target teams distribute parallel for firstprivate(a) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i) { a = a + 0; y[i] *= a; }
}
void per_team_copies(int n, const char *a, char *b) {
  char count = 0;
  // Under teams distribute alone each team runs its iterations in turn, on
  // its own firstprivate copy of count.
#pragma omp target teams distribute map(to: a[0:n]) map(from: b[0:n])
  for (int i = 0; i < n; ++i) {
    count = 0;
    for (int k = 0; k < a[i]; ++k)
      count += 1;
    b[i] = count;
  }
}
int team_flag(int n, const int *a) {
  int first = -1, teams = 0;
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: first, teams)
  for (int i = 0; i < n; ++i) {
    teams = omp_get_num_teams();
    if (i == 0)
      first = a[i];
  }
  return first + teams;
}
int local_array(int n) {
  unsigned state[64];
  // Elements of an array of the function: ferry does not follow which
  // one an iteration writes, and says nothing.
#pragma omp target teams distribute parallel for map(from: state[0:64])
  for (int i = 0; i < 64; ++i)
    state[i] = i * n;
  return state[3];
}
void section_reduction(int n, const double *x, double *beta) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(+: beta[:3])
  for (int i = 0; i < n; ++i) {
    beta[0] += x[i];
    beta[1] += 2 * x[i];
    beta[2] += 3 * x[i];
  }
}
void reversed(int n, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n])
  for (int i = n - 1; i >= 0; i--)
    y[i] = 2 * x[i];
}
