// -fplugin-arg-ferry-openmp-as-written keeps every one of the program's own
// target loops on GCC's path, those ferry shows right too; they are still
// checked, and their mistakes still reported.
// { dg-options "-O2 -fplugin-arg-ferry-explain -fplugin-arg-ferry-openmp-as-written" }
void axpy(int n, double a, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n]) // { dg-message "ferry checked this '#pragma omp target teams distribute parallel for' as a parallel loop over 'i' \\('x' read, map\\(to\\); 'y' read and written, map\\(tofrom\\)\\); GCC compiles it as written: -fplugin-arg-ferry-openmp-as-written is given" }
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

void lost(int n, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n], y[0:n]) // { dg-warning "'y' is mapped 'to', but the loop writes it" }
  for (int i = 0; i < n; ++i)
    y[i] = 2 * x[i]; // { dg-message "the loop writes 'y' here" }
}
// { dg-message "map it 'tofrom'" 12 }
// { dg-message "and did not show all of it right" 12 }

// As written, a body that changes the loop's own variable keeps changing
// it (lid-driven-cavity's column from the index), and the check says so.
void own_variable(int n, double *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:2 * n + 2])
  for (int col = 1; col < n + 1; col++) {
    col = (col * 2) - 1; // { dg-warning "this loop changes its own variable 'col', which OpenMP does not allow: the '#pragma omp target teams distribute parallel for' counts the iterations apart from it" }
    // { dg-message "compute the value in a variable of its own" .-1 }
    p[col] = p[col + 1];
  }
}
// { dg-message "and did not show all of it right" 22 }
