// The program's own OpenMP target loop, built unchanged: a written array
// mapped `to` and a sum that races.  GCC compiles both without a word; on
// a GPU the first prints y[7]=0 and the second a different wrong sum each
// run.  ferry warns at the map and at the update, and the region still
// runs as its pragma says.
#include <cstdio>
int main() {
  const int n = 65536;
  double *x = new double[n], *y = new double[n], *s = new double[1];
  for (int i = 0; i < n; ++i) {
    x[i] = 1.0;
    y[i] = 0.0;
  }
  s[0] = 0.0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(to: y[0:n]) map(tofrom: s[0:1]) // { dg-warning "'y' is mapped 'to', but the loop writes it: the host never sees what the device writes" }
  for (int i = 0; i < n; ++i) {
    y[i] = 2.0 * x[i]; // { dg-message "the loop writes 'y' here" }
    s[0] += x[i];      // { dg-warning "every iteration writes this element of 's': a data race" }
    // { dg-message "let each iteration write its own element, such as 's\\[i\\]'; to combine the values of all iterations, use a scalar with a 'reduction' clause, or '#pragma omp atomic'" .-1 }
  }
  // { dg-message "map it 'tofrom' to copy the results back, or 'from' when the loop sets every element without reading it" 15 }
  std::printf("y[7]=%g s=%g\n", y[7], s[0]);
}
