// -fplugin-arg-ferry-explain says which of the program's own target loops
// ferry runs as kernels of their own (plugin/region_lowering.cc), and why
// each other one keeps GCC's path.
// { dg-options "-O2 -fplugin-arg-ferry-explain" }
// { dg-context "ferry: kernel" }
// { dg-context "ferry: launch geometry" }
// { dg-context "ferry: direct entry" }
// { dg-context "ferry: '.*' is " }
// { dg-context "In function" }
#include <algorithm>
#include <omp.h>

void axpy(int n, double a, const double *x, double *y) {
#pragma omp target teams distribute parallel for simd map(to: x[0:n]) map(tofrom: y[0:n]) // { dg-message "ferry runs this '#pragma omp target teams distribute parallel for simd' over 'i' \\('x' read, map\\(to\\); 'y' read and written, map\\(tofrom\\)\\) as a kernel of its own, with the launch and residency of ferry kernels" }
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

double dot(int n, const double *x, const double *y) {
  double sum = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n], y[0:n]) reduction(+: sum) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

void present(int n, float *x) {
#pragma omp target data map(tofrom: x[0:n])
  {
#pragma omp target teams distribute parallel for // { dg-message "ferry runs this .*\\('x' read and written, present already\\)" }
    for (int i = 0; i < n; ++i)
      x[i] *= 2;
  }
}

void maybe(int n, double *x, bool big) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) if(big) // { dg-message "ferry runs this .* as a kernel of its own" }
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}

void maybe_parallel(int n, double *x, bool big) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) if(parallel: big) // { dg-message "ferry runs this .* as a kernel of its own" }
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}

// The device a `device` clause names runs the kernel, where it is one of
// ferry's targets (programs/targets_region_device_clause.cc).
void on_device(int n, double *x, int device) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) device(device) // { dg-message "ferry runs this .* as a kernel of its own, with the launch and residency of ferry kernels, on the device its 'device' clause names where that is one of ferry's targets \\(a GPU, or one of FERRY_SIM_DEVICES\\), and as GCC compiles it for other numbers" }
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}

// A section of an array of the function from a run-time offset
// (hokkanen/omp-gpu's one chunk a GPU) is the kernel's buffer from that
// offset: the loop writes all of it.
int chunk_of_local(int part) {
  int values[4096];
#pragma omp target teams distribute parallel for map(from: values[part * 1024:1024]) // { dg-message "ferry runs this .* \('values' written, map\(from\)\) as a kernel of its own" }
  for (int i = part * 1024; i < (part + 1) * 1024; i++)
    values[i] = i;
  return values[part * 1024 + 7];
}

void later(int n, double *x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) nowait // { dg-message "ferry runs this .* as a kernel of its own" }
  for (int i = 0; i < n; ++i)
    x[i] += 1;
#pragma omp taskwait
}

void after(int n, double *x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n]) nowait depend(inout: x[0]) // { dg-message "GCC compiles it as written: ferry does not take its 'depend' clause" }
  for (int i = 0; i < n; ++i)
    x[i] += 1;
#pragma omp taskwait
}

static const double table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

void lookup(int n, const int *k, double *y) {
#pragma omp target teams distribute parallel for map(to: k[0:n]) map(from: y[0:n]) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i)
    y[i] = table[k[i] & 7];
}

// Whether each iteration writes only its own elements is what the pragma
// promises; where that is all ferry cannot show, the loop is a kernel on
// that promise.
void scatter(int n, const int *idx, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: idx[0:n], x[0:n]) map(tofrom: y[0:n]) // { dg-message "ferry runs this .* as a kernel of its own, with the launch and residency of ferry kernels, on the pragma's promise that its iterations do not race \\(the notes above say what ferry could not show\\)" }
  for (int i = 0; i < n; ++i)
    y[idx[i]] = x[i]; // { dg-message "possible data race: this write of 'y' is not at an element that only the current iteration touches" }
}

static double weights[8];

void weigh(int n, const int *k, double *y) {
#pragma omp target teams distribute parallel for map(to: k[0:n]) map(from: y[0:n]) // { dg-message "did not show all of it right .*; GCC compiles it as written" }
  for (int i = 0; i < n; ++i)
    y[i] = weights[k[i] & 7]; // { dg-message "reads 'weights', a global the host may change" }
}

void unmapped(int n, double *x) {
#pragma omp target teams distribute parallel for // { dg-message "ferry runs this .*no map clause.*ferry kernels, where the program's data directives have mapped 'x' or its omp_target_alloc gave the memory, and as GCC compiles it elsewhere" }
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}

// A pointer to device memory of the program's own (omp_target_alloc):
// the same, on the block itself.
void device_block(int n, double *d) {
#pragma omp target teams distribute parallel for is_device_ptr(d) // { dg-message "ferry runs this .*'d' written, no map clause.*ferry kernels, where the program's data directives have mapped 'd' or its omp_target_alloc gave the memory" }
  for (int i = 0; i < n; ++i)
    d[i] = i;
}

double fold_max(int n, const double *x) {
  double peak = -1e300;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(max: peak) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i)
    peak = x[i] > peak ? x[i] : peak;
  return peak;
}

double atomic_sum(int n, const double *x, double *total) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: total[0:1]) // { dg-message "ferry runs this .*\\('x' read, map\\(to\\); 'total' read and written, map\\(tofrom\\)\\) as a kernel of its own" }
  for (int i = 0; i < n; ++i) {
#pragma omp atomic
    total[0] += x[i];
  }
  return total[0];
}

double atomic_scalar(int n, const double *x) {
  double total = 0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: total) // { dg-message "GCC compiles it as written" }
  for (int i = 0; i < n; ++i) {
#pragma omp atomic // { dg-message "ferry's kernels take '#pragma omp atomic' only on an element of an array the region maps" }
    total += x[i];
  }
  return total;
}

double std_max(int n, const double *x) {
  double peak = -1e300;
#pragma omp target teams distribute parallel for map(to: x[0:n]) reduction(max: peak) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i)
    peak = std::max(peak, x[i]);
  return peak;
}

// A helper that takes the address of its own local: the kernel's OpenMP
// path then runs without simd, which is ferry's choice for a loop the
// program wrote, so no warning about it (a kernel written with
// [[ferry::kernel]] gets one).
static void put(double *out, double v) { *out = v; }
static double through_local(double v) {
  double t;
  put(&t, 2 * v);
  return t;
}

void doubled(int n, double *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[0:n]) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i)
    y[i] = through_local(y[i]);
}

// A loop that changes its own variable (lid-driven-cavity's column from
// the index) runs as a kernel, each iteration on a copy of its own.
void own_variable(int n, double *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:2 * n + 2]) // { dg-message "ferry runs this .* as a kernel of its own" }
  for (int col = 1; col < n + 1; col++) {
    col = (col * 2) - 1; // { dg-warning "this loop changes its own variable 'col'" }
    // { dg-message "compute the value in a variable of its own" .-1 }
    p[col] = p[col + 1];
  }
}

// A section whose start is known only at run time is checked from that
// start (the loop writes all of it) and is the kernel's buffer from there;
// bounds whose evaluation changes something (a call of a function that is
// neither const nor pure) keep GCC's path: the call site evaluates them
// again.
void shifted(int n, int off, int *y) {
#pragma omp target teams distribute parallel for map(from: y[off:n]) // { dg-message "ferry runs this .* \('y' written, map\(from\)\) as a kernel of its own" }
  for (int i = 0; i < n; ++i)
    y[off + i] = i;
}

int calls_made;
int next_offset(int off) { return off + calls_made++; }

void shifted_by_a_call(int n, int off, int *y) {
#pragma omp target teams distribute parallel for map(tofrom: y[next_offset(off):n]) // { dg-message "ferry checked this .* GCC compiles it as written: the bounds of its section of 'y' have side effects" }
  for (int i = 0; i < n; ++i)
    y[off + i] += i;
}

// A loop that asks OpenMP about its threads or teams, itself or through a
// helper, keeps GCC's path: a launch of ferry's entry answers otherwise
// than GCC's region (OpenMP_VV's num_threads and if tests).  Whether it
// runs on the device is the same either way.
static int threads_here() { return omp_get_num_threads(); }

void threads(int n, int *t) {
#pragma omp target teams distribute parallel for map(from: t[0:n]) num_threads(10) // { dg-message "GCC compiles it as written: it calls 'omp_get_num_threads', whose answer depends on the teams and threads that GCC's region runs" }
  for (int i = 0; i < n; ++i)
    t[i] = omp_get_num_threads();
}

void teams_of(int n, int *t) {
#pragma omp target teams distribute parallel for map(from: t[0:n]) // { dg-message "GCC compiles it as written: it calls 'omp_get_num_threads'" }
  for (int i = 0; i < n; ++i)
    t[i] = threads_here() + 1;
}

void where(int n, int *t) {
#pragma omp target teams distribute parallel for map(from: t[0:n]) // { dg-message "ferry runs this" }
  for (int i = 0; i < n; ++i)
    t[i] = omp_is_initial_device();
}

// A simd construct's safelen(k) promises only k iterations at once:
// iterations k apart that depend on each other (OpenMP_VV's safelen test,
// `A[i-k] += A[i]`) keep GCC's path instead of running on a promise the
// pragma did not make.  Without safelen the same loop runs on the promise.
void lanes(int n, int *a) {
#pragma omp target simd safelen(5) map(tofrom: a[0:n]) // { dg-message "ferry: 'safelen\\(5\\)' lets no more than 5 iterations run at once, so the pragma does not promise that all of them are independent" }
  for (int i = 5; i < n; ++i) // { dg-message "ferry checked this '#pragma omp target simd' as a parallel loop over 'i' \\('a' read and written, map\\(tofrom\\)\\), and did not show all of it right" .-1 }
    a[i - 5] += a[i]; // { dg-message "possible data race" }
}

void any_lanes(int n, int *a) {
#pragma omp target simd map(tofrom: a[0:n]) // { dg-message "on the pragma's promise" }
  for (int i = 5; i < n; ++i)
    a[i - 5] += a[i]; // { dg-message "possible data race" }
}
