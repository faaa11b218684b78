// Array sections that start past the pointer, at a constant (`map(to:
// y[100:n]) map(from: z[100:n])`) or at a value known only at run time
// (the front end saves the bounds: `y[off:n]`, `w[lo:len]`): the kernel's
// buffer is the section, from its start, and the loop must write a `from`
// section whole from there.  Inside a data region the regions' own
// sections are found in the data region's (`lo` changes between them).
// Every run gives the serial build's answers; on the sim device all 9
// calls are ferry launches.
// { ferry-stats "FERRY_DEVICE=sim" "launches=9" }
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

// A start the kernel cannot compute itself (a function's value) is passed
// to it: the check cannot relate it to the loop's bounds, so the `from`
// section goes up too.
__attribute__((pure)) static int share_start(int share) { return share * 1500; }

static void by_call(double *z, int share) {
#pragma omp target teams distribute parallel for map(from: z[share_start(share):1500])
  for (int i = 0; i < 1500; ++i)
    z[share_start(share) + i] = share - 0.25 * i;
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
  // region's section (GCC's build would run on the host's address, an
  // illegal access on a GPU).
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
  std::vector<double> shares(3000, 7.0);
  by_call(shares.data(), 0);
  by_call(shares.data(), 1);
  double z_sum = 0, w_sum = 0;
  for (double v : shares)
    z_sum += v;
  for (int i = 0; i < n; ++i) {
    z_sum += zs[i];
    w_sum += ws[i];
  }
  std::printf("z[99]=%g z[1234]=%g z[2999]=%g z_sum=%.12g\n", zs[99], zs[1234],
              zs[2999], z_sum);
  std::printf("w[50]=%g w[100]=%g w[2599]=%g w[2600]=%g w_sum=%.12g\n", ws[50],
              ws[100], ws[2599], ws[2600], w_sum);
}
