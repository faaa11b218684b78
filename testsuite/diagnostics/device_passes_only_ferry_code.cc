// ferry's device passes (short loops unrolled, short choices made
// selects) change only the device code ferry makes or prepares: a
// kernel's regions, its direct entries and its helpers.  The program's
// own target regions are compiled as GCC compiles them (a program that
// raced under both compilers gave another wrong count with ferry).
// { dg-options "-O2 -fdump-tree-all" }
// { dg-final { scan-tree-dump "Function scale \\(_Z5scalelPd\\._omp_fn" "ferry-device-loops" } }
// { dg-final { scan-tree-dump "Function __ferry_direct__Z5scalelPd_0 " "ferry-device-loops" } }
// { dg-final { scan-tree-dump-not "Function scale \\(_Z5scalelPd," "ferry-device-loops" } }
// { dg-final { scan-tree-dump-not "main\\._omp_fn" "ferry-device-loops" } }
// { dg-final { scan-tree-dump-not "main\\._omp_fn" "ferry-device-selects" } }
#include <ferry/ferry.hpp>

[[ferry::kernel]] void scale(long n, [[ferry::borrow_mut(n)]] double *a) {
  for (long i = 0; i < n; ++i) {
    double t = 0;
    for (int k = 0; k < 4; ++k)
      t += a[i] * k;
    a[i] = t > 1.0 ? t : 1.0;
  }
}

int main() {
  double a[64] = {};
  double *p = a;
  scale(64, p);
#pragma omp target teams distribute parallel for map(tofrom: p[0:64])
  for (int i = 0; i < 64; ++i) {
    double t = 0;
    for (int k = 0; k < 4; ++k)
      t += p[i] * k;
    p[i] = t > 1.0 ? t : 1.0;
  }
  return a[3] > 0 ? 0 : 1;
}
