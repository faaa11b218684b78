// -Werror makes the warnings about the program's own target loops errors,
// as it does GCC's own.
// { dg-options "-Werror" }
void scale(int n, double *y) {
#pragma omp target teams distribute parallel for map(to: y[0:n]) // { dg-error "'y' is mapped 'to', but the loop writes it" }
  for (int i = 0; i < n; ++i)
    y[i] *= 2;
}
