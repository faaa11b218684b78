// -fplugin-arg-ferry-openmp-errors makes the mistakes found in the
// program's own target loops errors (openmp_region_werror.cc: as
// -Werror does).
// { dg-options "-fplugin-arg-ferry-openmp-errors" }
void scale(int n, double *y) {
#pragma omp target teams distribute parallel for map(to: y[0:n]) // { dg-error "'y' is mapped 'to', but the loop writes it" }
  for (int i = 0; i < n; ++i)
    y[i] *= 2;
}
