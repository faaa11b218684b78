// A build without offloading (-foffload=disable, this group's default)
// runs a region that uses _Float16 on the host, which GCC compiles: no
// word from ferry (openmp_region_float16.cc has the error where the build
// offloads).
void halves(_Float16 *r, int n) {
#pragma omp target teams distribute parallel for map(tofrom: r[0:n])
  for (int i = 0; i < n; i++)
    r[i] = r[i] * (_Float16)2;
}
