// Array sections that start past the pointer.  A constant start (`map(to:
// y[100:n]) map(from: z[100:n])`) is followed: the loop must write the
// `from` section whole from its start, and the kernel's buffer, which
// runs from the pointer, goes up with the bytes before the section and
// brings them back as they were.  A start known only at run time (the
// front end saves its bounds, `y[off:n]`, a `target data`'s `w[lo:len]`)
// keeps GCC's path: its values at a data directive need not be those at a
// region after it (`lo` changes below), and libferry finds a program's
// section by the pointer, which lies before it.  Every run gives the
// serial build's answers; on the sim device the 2 fixed-start calls are
// ferry launches.
// { ferry-stats "FERRY_DEVICE=sim" "launches=2" }
#include <cstdio>
#include <vector>

static void fixed_chunk(const double *y, double *z, int n) {
#pragma omp target teams distribute parallel for map(to: y[100:n]) \
    map(from: z[100:n])
  for (int i = 0; i < n; ++i)
    z[100 + i] = 3.0 * y[100 + i] - 1.0;
}

static void chunk(const double *y, double *z, int off, int n) {
#pragma omp target teams distribute parallel for map(to: y[off:n]) \
    map(from: z[off:n])
  for (int i = 0; i < n; ++i)
    z[off + i] = 2.0 * y[off + i] + off;
}

int main() {
  const int n = 3000;
  std::vector<double> ys(n), zs(n, -1.0), ws(n);
  for (int i = 0; i < n; ++i) {
    ys[i] = (i % 9) * 0.5;
    ws[i] = i % 5;
  }
  for (int off = 0; off < n; off += 1000)
    chunk(ys.data(), zs.data(), off, 1000);
  fixed_chunk(ys.data(), zs.data(), 500);
  fixed_chunk(ys.data(), zs.data(), 1000);

  double *w = ws.data();
  int lo = 100, len = 2500;
  // The regions name their sections, present already: a region that used
  // w without a map would look w itself up, which lies before the data
  // region's section, and run on the host's address (an illegal access on
  // a GPU, in GCC's build as well).
#pragma omp target data map(tofrom: w[lo:len])
  {
#pragma omp target teams distribute parallel for map(tofrom: w[lo:len])
    for (int i = 0; i < len; ++i)
      w[lo + i] *= 3.0;
    lo += 50;
#pragma omp target teams distribute parallel for map(tofrom: w[lo:len - 100])
    for (int i = 0; i < len - 100; ++i)
      w[lo + i] -= 0.5;
  }
  double z_sum = 0, w_sum = 0;
  for (int i = 0; i < n; ++i) {
    z_sum += zs[i];
    w_sum += ws[i];
  }
  std::printf("z[99]=%g z[1234]=%g z[2999]=%g z_sum=%.12g\n", zs[99], zs[1234],
              zs[2999], z_sum);
  std::printf("w[50]=%g w[100]=%g w[2599]=%g w[2600]=%g w_sum=%.12g\n", ws[50],
              ws[100], ws[2599], ws[2600], w_sum);
}
