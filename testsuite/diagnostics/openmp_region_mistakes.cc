// Each mistake that OpenMP's meaning makes certain in a program's own
// target loop is a warning at its line, with the clause that fixes it.
void unset_read(int n, double *y) {
#pragma omp target teams distribute parallel for map(from: y[0:n]) // { dg-message "map it 'tofrom', or 'to' if the loop does not write it; the map as written is right only where a data region outside this function has mapped it already" }
  for (int i = 0; i < n; ++i)
    y[i] = y[i] + 1; // { dg-warning "this read of 'y' comes before the iteration writes that element, but 'y' is mapped 'from': nothing set its device copy from the host" }
}

void alloc_read(int n, const double *x, double *t) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(alloc: t[0:n])
  for (int i = 0; i < n; ++i) {
    double v = t[i]; // { dg-warning "this read of 't' comes before the iteration writes that element, but 't' is mapped 'alloc'" }
    t[i] = v + x[i];
  }
}

void never_written(int n, const double *x, double *y, double *z) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n]) map(from: z[0:n]) // { dg-warning "'z' is mapped 'from', but the loop never writes it: the copy back puts device memory nothing set over the values on the host" }
  for (int i = 0; i < n; ++i)
    y[i] = x[i];
}

void partly_written(int n, const double *in, double *out) {
#pragma omp target teams distribute parallel for map(to: in[0:n]) map(from: out[0:n]) // { dg-message "map it 'tofrom', so that the elements the loop skips keep their values from the host" }
  for (int i = 1; i < n - 1; ++i) // { dg-warning "this loop leaves elements of 'out' unwritten, but 'map.from.' copies all of them back: they get what device memory held" }
    out[i] = 0.5 * (in[i - 1] + in[i + 1]); // { dg-message "the writes start at element 1, not at element 0" }
}

double no_reduction_clause(int n, const double *x) {
  double sum = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: sum) // { dg-message "add 'reduction\\(\\+: sum\\)' to the '#pragma omp target teams distribute parallel for'" }
  for (int i = 0; i < n; ++i)
    sum += x[i]; // { dg-warning "every iteration updates 'sum', which has no reduction clause: a data race" }
  return sum;
}

void shared_temporary(int n, const double *x, double *y) {
  double t; // { dg-message "declare 't' inside the loop, or add 'private\\(t\\)' to the '#pragma omp target teams distribute parallel for'" }
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n])
  for (int i = 0; i < n; ++i) {
    t = 2 * x[i]; // { dg-warning "'t' is shared by the threads of the region; writing it from the loop is a data race" }
    y[i] = t;
  }
}

void short_section(double *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:100]) // { dg-warning "the loop accesses 28 elements of 'y' past the end of the section mapped here" }
  for (int i = 0; i < 128; ++i) // { dg-message "the loop reaches 'y\\[0:128\\]'; map that section" }
    y[i] = 1;
}

void late_section(double *y) {
#pragma omp target parallel for map(tofrom: y[8:100]) // { dg-warning "the loop accesses 8 elements of 'y' before the start of the section mapped here" }
  for (int i = 0; i < 100; ++i)
    y[i] = 1;
}

void one_element(int n, const double *x, double *m) {
#pragma omp target teams loop map(to: x[0:n]) map(tofrom: m[0:4])
  for (int i = 0; i < n; ++i)
    m[2] = x[i]; // { dg-warning "every iteration writes this element of 'm': a data race" }
}

void pointer_moved(int n, int length, const float *x, float *r) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) {
    x += i * length; // { dg-warning "'x' is shared by the threads of the region; writing it from the loop is a data race" }
    r[i] = x[0];
  }
}

void nested_teams(int n, double *y) {
#pragma omp target map(to: y[0:n]) // { dg-warning "'y' is mapped 'to', but the loop writes it" }
#pragma omp teams distribute parallel for simd
  for (int i = 0; i < n; ++i)
    y[i] = 1;
}

void reversed(int n, double *y) {
    // Counting down is the same set of iterations: the race is as certain.
#pragma omp target teams distribute parallel for map(tofrom: y[0:n])
    for (int i = n - 1; i > 0; i--)
        y[0] = y[i]; // { dg-warning "every iteration writes this element of 'y': a data race" }
}

// A section that starts at a value known only at run time is checked as
// well (the front end saves its bounds at the directive).
void written_to_past_start(int n, int m, int *y) {
    int off = n / 2;
    if (m > 8)
        off = 0;
#pragma omp target teams distribute parallel for map(to: y[off:n]) // { dg-warning "'y' is mapped 'to', but the loop writes it" }
    for (int i = 0; i < n; ++i)
        y[off + i] = i;
}

void atomic_into_to(int n, const int *v, int *bins) {
#pragma omp target teams distribute parallel for map(to: v[0:n]) map(to: bins[0:16]) // { dg-warning "'bins' is mapped 'to', but the loop writes it" }
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    bins[v[i] % 16] += 1;
  }
}

// HeCBench's lid-driven-cavity (set_horz_pres_BCs) turns the loop's index
// into a column number in place: each iteration changes a copy of its
// own (explain_openmp_lowering: the loop then runs as a kernel).
void own_variable(int n, double *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:2 * n + 2])
  for (int col = 1; col < n + 1; col++) {
    col = (col * 2) - 1; // { dg-warning "this loop changes its own variable 'col', which OpenMP does not allow: the construct counts the iterations apart from it, so each iteration changes a copy of its own, as a GPU thread that runs one iteration does" }
    // { dg-message "compute the value in a variable of its own \\('int j = ...;'\\) and leave 'col' to the loop" .-1 }
    p[col] = p[col + 1];
  }
}

void own_variable_collapsed(int n, double *p) {
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: p[0:n * n])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      p[i * n + j] = 1;
      j++; // { dg-warning "this loop changes its own variable 'j'" }
    }
}
