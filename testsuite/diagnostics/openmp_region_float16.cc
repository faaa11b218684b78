// GCC 12's offload compiler crashes (lto1, inside mkoffload) on _Float16
// and __float128 anywhere in a target region, with or without ferry
// (HeCBench's f16atomic): a program's own region that uses them gets a
// ferry error at the first use instead, whether ferry would run it or
// GCC (openmp_region_float128.cc: a plain `target`).  long double, which
// GCC compiles for a region, gets no word.  The regions after the first
// error are not read: one error a file.  Only where the build offloads:
// under -foffload=disable (the diagnostics group's default, which the
// options undo) the regions run on the host, and GCC compiles them.
// { dg-options "-foffload=nvptx-none" }
void extended(long double *r, int n) {
#pragma omp target teams distribute parallel for map(tofrom: r[0:n])
  for (int i = 0; i < n; i++)
    r[i] = r[i] * 2;
}

void halves(_Float16 *r, int n) {
#pragma omp target teams distribute parallel for map(tofrom: r[0:n]) // { dg-message "compute in 'float' on the device, converting before and after the region" }
  for (int i = 0; i < n; i++)
    r[i] = r[i] * (_Float16)2; // { dg-error "this target region uses '_Float16', which the offload compiler of GCC 12 cannot compile" }
}
