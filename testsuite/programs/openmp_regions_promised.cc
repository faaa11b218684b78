// Loops whose only doubt is whether each iteration touches its own
// elements, which the pragma promises: a scatter through a permutation, a
// stride that is one-to-one because it is coprime with the length,
// all-pairs forces that read every body and store their own whole (n-body
// codes write p[i] = pi back), and a gather into a section a caller's
// data region maps.  ferry runs them as kernels on that promise, without
// `simd` on the OpenMP path, and they must print what the g++ build
// prints.  On the sim device: 3 steps of scatter, stride and forces, and
// the gather once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=10" }
#include <cmath>
#include <cstdio>
#include <vector>

struct Body {
  float pos[3], vel[3], acc[3], mass;
};

static void scatter(int n, const int *perm, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: perm[0:n], x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[perm[i]] = 2 * x[i] + y[perm[i]];
}

static void stride(int n, const double *x, double *z) {
  // 7 and n share no factor: (7 * i) % n visits each element once.
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: z[0:n])
  for (int i = 0; i < n; ++i)
    z[(7 * i) % n] += x[i];
}

static void forces(int n, Body *p) {
#pragma omp target teams distribute parallel for map(tofrom: p[0:n])
  for (int i = 0; i < n; ++i) {
    Body pi = p[i];
    float a0 = 0, a1 = 0, a2 = 0;
    for (int j = 0; j < n; ++j) {
      const Body pj = p[j];
      const float dx = pj.pos[0] - pi.pos[0], dy = pj.pos[1] - pi.pos[1],
                  dz = pj.pos[2] - pi.pos[2];
      const float inv = 1.0f / sqrtf(dx * dx + dy * dy + dz * dz + 0.01f);
      const float s = pj.mass * inv * inv * inv;
      a0 += dx * s;
      a1 += dy * s;
      a2 += dz * s;
    }
    pi.acc[0] = a0;
    pi.acc[1] = a1;
    pi.acc[2] = a2;
    p[i] = pi;
  }
}

static void gather(int n, const int *perm, const double *y, double *out) {
#pragma omp target teams distribute parallel for map(to: perm[0:n], y[0:n])
  for (int i = 0; i < n; ++i)
    out[perm[i]] = y[i] - 1;
}

int main() {
  const int n = 1000;
  std::vector<int> perm(n);
  std::vector<double> x(n), y(n, 1.0), z(n, 0.0), out(n, -5.0);
  std::vector<Body> bodies(n);
  for (int i = 0; i < n; ++i) {
    perm[i] = (i * 37 + 11) % n; // 37 is coprime with 1000
    x[i] = i % 13 - 6;
    Body &b = bodies[i];
    // A 10 x 10 x 10 lattice, shaken a little: no two bodies close.
    const int cell[3] = {i % 10, i / 10 % 10, i / 100};
    for (int d = 0; d < 3; ++d) {
      b.pos[d] = cell[d] + 0.2f * std::sin(0.1f * i + d);
      b.vel[d] = b.acc[d] = 0;
    }
    b.mass = 1.0f + (i % 5);
  }
  for (int step = 0; step < 3; ++step) {
    scatter(n, perm.data(), x.data(), y.data());
    stride(n, x.data(), z.data());
    forces(n, bodies.data());
    x[step] += y[step * 10]; // the host between the launches
    for (Body &b : bodies)
      for (int d = 0; d < 3; ++d)
        b.pos[d] += 1e-3f * b.acc[d];
  }
  double *o = out.data();
#pragma omp target data map(tofrom: o[0:n])
  gather(n, perm.data(), y.data(), o);
  double ys = 0, zs = 0, os = 0, as = 0;
  for (int i = 0; i < n; ++i) {
    ys += y[i] * (i % 7 + 1);
    zs += z[i] * (i % 5 + 1);
    os += out[i] * (i % 3 + 1);
    // Magnitudes: the forces' sum cancels, and a contracted multiply-add
    // (the GPU's) moves it by half; each force moves in its 6th digit.
    as += std::fabs(bodies[i].acc[0]) + std::fabs(bodies[i].acc[1]) +
          std::fabs(bodies[i].acc[2]);
  }
  std::printf("y %.12g z %.12g out %.12g acc %.4g\n", ys, zs, os, as);
}
