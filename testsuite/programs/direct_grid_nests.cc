// Collapsed nests on the direct path run over a 3-D grid: the innermost
// level along the blocks' x (up to 32 threads), the next along y, the
// outer levels together along z, each axis striding over what the grid
// does not cover (z has at most 65,535 blocks).  Each point of the nest
// runs once: extents that leave partial blocks at both edges, narrower
// than a warp, lower bounds other than 0, a 3- and a 4-deep nest, more
// outer iterations than the grid has layers, and a reduction over a nest
// (its blocks counted over all three axes).  A nest whose accesses step
// through memory along its second-innermost level (p[i + j * ni] over i,
// then j) runs that level along x and the innermost along y: the same
// shapes, a 3-deep one and a reduction.  On the host and the sim device
// the same loops are the OpenMP regions.  Against the serial build.
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

// Adds a value unique to each point, so that a point run twice or never
// changes the sum.
[[ferry::kernel]] void plane(int ni, int nj, int first_j,
                             [[ferry::borrow_mut(ni * nj)]] double *p) {
  for (int i = 1; i < ni; ++i)
    for (int j = first_j; j < nj; ++j)
      p[i * nj + j] += 1.0 + i * 0.001 + j * 1e-6;
}

[[ferry::kernel]] void cube(long ni, long nj, long nk,
                            [[ferry::borrow_mut(ni * nj * nk)]] float *c) {
  for (long i = 0; i < ni; ++i)
    for (long j = 2; j < nj; ++j)
      for (long k = 0; k < nk; ++k)
        c[(i * nj + j) * nk + k] += float(i) - 0.5f * float(j) + 0.25f * float(k);
}

[[ferry::kernel]] void four(unsigned a, unsigned b, unsigned c, unsigned d,
                            [[ferry::out(a * b * c * d)]] unsigned *v) {
  for (unsigned w = 0; w < a; ++w)
    for (unsigned x = 0; x < b; ++x)
      for (unsigned y = 0; y < c; ++y)
        for (unsigned z = 0; z < d; ++z)
          v[((w * b + x) * c + y) * d + z] = ((w * 7 + x) * 11 + y) * 13 + z;
}

[[ferry::kernel]] double weighted(int ni, int nj,
                                  [[ferry::borrow(ni * nj)]] const double *p) {
  double sum = 0;
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      sum += p[i * nj + j] * (1 + (i * 31 + j) % 7);
  return sum;
}

[[ferry::kernel]] void columns(int ni, int nj, int first_j,
                               [[ferry::borrow_mut(ni * nj)]] double *p) {
  for (int i = 1; i < ni; ++i)
    for (int j = first_j; j < nj; ++j)
      p[i + j * ni] += 1.0 + i * 0.001 + j * 1e-6;
}

[[ferry::kernel]] void cube_columns(long ni, long nj, long nk,
                                    [[ferry::borrow_mut(ni * nj * nk)]] float *c) {
  for (long i = 0; i < ni; ++i)
    for (long j = 2; j < nj; ++j)
      for (long k = 0; k < nk; ++k)
        c[(i * nk + k) * nj + j] += float(i) - 0.5f * float(j) + 0.25f * float(k);
}

[[ferry::kernel]] double weighted_columns(int ni, int nj,
                                          [[ferry::borrow(ni * nj)]] const double *p) {
  double sum = 0;
  for (int i = 0; i < ni; ++i)
    for (int j = 0; j < nj; ++j)
      sum += p[i + j * ni] * (1 + (i * 31 + j) % 7);
  return sum;
}

double checksum(const std::vector<double> &v) {
  double s = 0;
  for (std::size_t k = 0; k < v.size(); ++k)
    s += v[k] * (1 + k % 5);
  return s;
}

int main() {
  // {rows, columns, first column}: partial blocks both ways; exactly one
  // block; 31 columns; 7 rows.
  const int shapes[][3] = {{75, 101, 3}, {9, 32, 0}, {40, 31, 0}, {8, 64, 0}};
  for (const auto &shape : shapes) {
    const int ni = shape[0], nj = shape[1];
    std::vector<double> p(ni * nj, 0.5);
    plane(ni, nj, shape[2], p.data());
    plane(ni, nj, shape[2], p.data());
    std::printf("plane %dx%d: %.9g %.9g\n", ni, nj, checksum(p),
                weighted(ni, nj, p.data()));
    std::vector<double> q(ni * nj, 0.5);
    columns(ni, nj, shape[2], q.data());
    columns(ni, nj, shape[2], q.data());
    std::printf("columns %dx%d: %.9g %.9g\n", ni, nj, checksum(q),
                weighted_columns(ni, nj, q.data()));
  }
  // More columns than the grid's y covers in one pass.
  {
    const int ni = 7, nj = 600000;
    std::vector<double> q(ni * nj, 0.25);
    columns(ni, nj, 0, q.data());
    std::printf("columns %dx%d: %.9g %.9g\n", ni, nj, checksum(q),
                weighted_columns(ni, nj, q.data()));
  }

  // {outer, rows + 2, columns}: the last has more layers than the grid.
  const long cubes[][3] = {{5, 19, 45}, {70000, 3, 1}};
  for (const auto &shape : cubes) {
    const long ni = shape[0], nj = shape[1], nk = shape[2];
    std::vector<float> c(ni * nj * nk, 1.0f);
    cube(ni, nj, nk, c.data());
    double cs = 0;
    for (std::size_t k = 0; k < c.size(); ++k)
      cs += c[k] * double(1 + k % 3);
    std::printf("cube %ldx%ldx%ld: %.9g\n", ni, nj, nk, cs);
    std::vector<float> cc(ni * nj * nk, 1.0f);
    cube_columns(ni, nj, nk, cc.data());
    cs = 0;
    for (std::size_t k = 0; k < cc.size(); ++k)
      cs += cc[k] * double(1 + k % 3);
    std::printf("cube_columns %ldx%ldx%ld: %.9g\n", ni, nj, nk, cs);
  }

  const unsigned a = 3, b = 4, cc = 10, d = 33;
  std::vector<unsigned> v(a * b * cc * d, 0);
  four(a, b, cc, d, v.data());
  unsigned long long vs = 0;
  for (std::size_t k = 0; k < v.size(); ++k)
    vs += v[k] * (1 + k % 7);
  std::printf("four: %llu\n", vs);
}
