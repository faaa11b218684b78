// __float128 in a program's plain target region: a ferry error at its use
// (openmp_region_float16.cc says why).
// { dg-options "-foffload=nvptx-none" }
void quads(__float128 *q, int n) {
#pragma omp target map(tofrom: q[0:n]) // { dg-message "compute in 'float'" }
  {
    q[0] += 1; // { dg-error "this target region uses '__float128'" }
  }
}
