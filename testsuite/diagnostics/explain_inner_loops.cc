// A target loop whose iterations hold a `simd` or `loop bind(thread)` loop
// runs as a kernel, the inner loop in order on the iteration's thread
// (plugin/region_inner_loops.cc), where its clauses leave that the
// program's answers; a `simd` with a reduction of its own, or a `loop`
// that may bind to the team's threads, keeps GCC's path, as before.
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }

void bound(int n, const double *a, double *c) {
#pragma omp target teams loop map(to: a[0:3 * n]) map(from: c[0:n]) // { dg-message "ferry runs this '#pragma omp target teams loop' over 'i' \\('a' read, map\\(to\\); 'c' written, map\\(from\\)\\) as a kernel of its own" }
  for (int i = 0; i < n; ++i) {
    double s = 0;
#pragma omp loop bind(thread)
    for (int m = 0; m < 3; ++m)
      s += a[3 * i + m];
    c[i] = s;
  }
}

void lanes(int n, const float *a, float *c) {
#pragma omp target teams distribute parallel for map(to: a[0:4 * n]) map(from: c[0:4 * n]) // { dg-message "ferry runs this '#pragma omp target teams distribute parallel for' over 'i'" }
  for (int i = 0; i < n; ++i) {
#pragma omp simd simdlen(4)
    for (int k = 0; k < 4; ++k)
      c[4 * i + k] = a[4 * i + k] * 2.0f;
  }
}

void reduced(int n, const double *a, double *c) {
#pragma omp target teams distribute parallel for map(to: a[0:8 * n]) map(from: c[0:n]) // { dg-message "ferry did not check this '#pragma omp target teams distribute parallel for': its loop holds a nested '#pragma omp simd'" }
  for (int i = 0; i < n; ++i) {
    double s = 0;
#pragma omp simd reduction(+ : s)
    for (int k = 0; k < 8; ++k)
      s += a[8 * i + k];
    c[i] = s;
  }
}

void unbound(int n, const double *a, double *c) {
#pragma omp target teams distribute parallel for map(to: a[0:8 * n]) map(from: c[0:8 * n]) // { dg-message "its loop holds a nested '#pragma omp loop'" }
  for (int i = 0; i < n; ++i) {
#pragma omp loop
    for (int k = 0; k < 8; ++k)
      c[8 * i + k] = a[8 * i + k];
  }
}
