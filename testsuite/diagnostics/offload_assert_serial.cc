// assert in a program's serial target region, which keeps GCC's path:
// the same ferry error (offload_assert.cc says why), where GCC alone fails
// in mkoffload's link with "unresolved symbol __assert_fail".
// { dg-options "-foffload=nvptx-none" }
#include <cassert>

void serial(double *x, int n) {
#pragma omp target map(tofrom: x[0:n])
  {
    assert(n > 0); // { dg-error "'assert' in this target region" }
    x[0] = n;
  }
}
