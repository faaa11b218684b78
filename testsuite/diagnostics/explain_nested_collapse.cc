// `teams distribute` around a `parallel for collapse(n)` with nothing
// else in its iterations (su3_bench's version 0: a site a team, its
// 4 x 3 x 3 products under `collapse(3)`): ferry runs it as one collapsed
// nest of all the levels, as it does a nested loop of one level.  Before,
// the nested construct's `collapse` (and `private` of its own variables
// on the `parallel`) kept the region a team region, whose blocks of 64
// threads ran 36 iterations: 5.6x su3_bench's CUDA.  Nested loops whose
// variables the team declares stay a team region: folded, the new scope
// declared them again apart from the levels they count: every update
// added 0 (c89ade8 folded row_offsets so, and its answers were wrong).
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "In function" }

void site_products(int sites, const double *a, const double *b, double *c) {
#pragma omp target teams distribute map(to: a[0:sites * 36], b[0:36]) map(from: c[0:sites * 36]) // { dg-message "ferry runs this '#pragma omp target teams distribute \\(with a nested parallel for\\)' over 'i' and the loops it collapses" }
  for (int i = 0; i < sites; ++i) { // { dg-message "the 4 perfectly nested loops are collapsed into one iteration space" }
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

void offsets(int n, double *c) {
#pragma omp target teams distribute map(tofrom: c[0:n * 6]) // { dg-message "ferry does not check such a region \\(its nested loop's variable 'j' is declared before the '#pragma omp parallel'\\)" }
  for (int i = 0; i < n; ++i) {
    int j, k;
#pragma omp parallel for collapse(2) private(j, k)
    for (j = 0; j < 2; ++j)
      for (k = 0; k < 3; ++k)
        c[i * 6 + j * 3 + k] += i * (j - k);
  }
}

void row_offsets(int n, double *c) {
#pragma omp target teams distribute map(tofrom: c[0:n * 6]) // { dg-message "ferry does not check such a region \\(its nested loop's variable 'j' is declared before the '#pragma omp parallel'\\)" }
  for (int i = 0; i < n; ++i) {
    int j;
#pragma omp parallel for
    for (j = 0; j < 6; ++j)
      c[i * 6 + j] += i * j;
  }
}
