// -fplugin-arg-ferry-explain says, for each of the program's own target
// loops, how ferry read and checked it, or why it did not.
// { dg-options "-fplugin-arg-ferry-explain" }
void axpy(int n, double a, const double *x, double *y) {
#pragma omp target teams distribute parallel for simd map(to: x[0:n]) map(tofrom: y[0:n]) // { dg-message "ferry checked this '#pragma omp target teams distribute parallel for simd' as a parallel loop over 'i' \\('x' read, map\\(to\\); 'y' read and written, map\\(tofrom\\)\\); GCC compiles it as written" }
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

void gather(int n, const int *idx, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: idx[0:n], x[0:n]) map(tofrom: y[0:n]) // { dg-message "ferry checked this .* over 'i' .*; GCC compiles it as written: the unit is compiled with -O0" }
  for (int i = 0; i < n; ++i)
    y[idx[i]] = x[i]; // { dg-message "possible data race: this write of 'y' is not at an element that only the current iteration touches" }
}

void in_place(int n, double *x) {
#pragma omp target data map(tofrom: x[0:n])
  {
#pragma omp target teams distribute parallel for // { dg-message "\\('x' read and written, present already\\)" }
    for (int i = 0; i < n; ++i)
      x[i] *= 2;
  }
}

void serial_region(int n, double *x) {
#pragma omp target map(tofrom: x[0:n]) // { dg-message "ferry runs this '#pragma omp target' as CUDA runs a kernel of one thread, on the data mapped around it or by its own map clauses \\(on other data as GCC compiles it\\); ferry does not check such a region" }
  for (int i = 1; i < n; ++i)
    x[0] += x[i];
}

void serial_then_parallel(int n, double *x) {
#pragma omp target map(tofrom: x[0:n]) // { dg-message "ferry did not check this '#pragma omp target': its body is not one loop construct; GCC compiles it as written" }
  {
    x[0] = 1;
#pragma omp parallel for
    for (int i = 1; i < n; ++i)
      x[i] += 1;
  }
}

void counting_down(int n, double *x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) // { dg-message "ferry checked this '#pragma omp target teams distribute parallel for' as a parallel loop over 'i' \\('x' read and written, map\\(tofrom\\)\\)" }
  for (int i = n - 1; i >= 0; --i)
    x[i] += 1;
}

void every_other(int n, double *x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) // { dg-message "ferry did not check this '#pragma omp target teams distribute parallel for': its loop does not count by one, up or down, to a bound" }
  for (int i = 0; i < n; i += 2)
    x[i] += 1;
}

// `declare target` variables: libgomp's copies, which `target update`
// moves, are not the ones in the module of ferry's entries.  The region's
// own uses take libgomp's copy's address; a helper that writes one keeps
// the region on GCC's path.
#pragma omp declare target
int table[64];
#pragma omp end declare target

static void bump(int k) { table[k] += 1; }

void serial_table(int n) {
#pragma omp target // { dg-message "ferry runs this '#pragma omp target' as CUDA runs a kernel of one thread" }
  for (int i = 0; i < n; ++i)
    table[i % 64] += 1;
}

void serial_helper_table(int n) {
#pragma omp target // { dg-message "ferry did not take this '#pragma omp target': its body calls 'bump', which uses 'table', a variable of 'omp declare target' \\(ferry's entries have copies of their own\\)" }
  for (int i = 0; i < n; ++i)
    bump(i % 64);
}
