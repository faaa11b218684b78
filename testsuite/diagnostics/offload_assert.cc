// The C library's assert in code that runs on the GPU: GCC 12's device
// libraries have no __assert_fail, and without ferry the build fails in
// mkoffload's link ("unresolved symbol __assert_fail"), far from the
// line.  A ferry error at the assert, in a program's target region and
// in a kernel's helper, says what to do (offload_assert_serial.cc: in a
// region that keeps GCC's path; ferry checks no region after an error).
// { dg-options "-foffload=nvptx-none" }
#include <cassert>

void fill(double *x, int n) {
#pragma omp target teams distribute parallel for map(from: x[0:n])
  for (int i = 0; i < n; ++i) {
    assert(i < n); // { dg-error "'assert' in this target region, which runs on the GPU" }
    // { dg-message "build with '-DNDEBUG'" .-1 }
    x[i] = i;
  }
}

static double checked(double v) {
  assert(v >= 0); // { dg-error "'assert' in a kernel or a function it calls" }
  return v * 2;
}

[[ferry::kernel]] void twice(int n, [[ferry::borrow_mut(n)]] double *v) {
  for (int i = 0; i < n; ++i)
    v[i] = checked(v[i]);
}
