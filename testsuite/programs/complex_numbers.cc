// Kernels over std::complex and over a struct with constructors, as
// numerical codes write them: z[i] = z[i] * z[i] + c, where operator+
// takes the temporary z[i] * z[i] by reference (an iteration's own value,
// not a pointer into the buffer), and constructors called in the loop
// (GCC makes a class's complete-object constructor an alias of its
// base-object one, whose body is the one ferry reads).  Every step must
// give the serial build's answers.
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>

#include <complex>
#include <cstdio>
#include <span>
#include <vector>

[[ferry::kernel]] void mandelbrot_step(double a,
                                       std::span<std::complex<double>> z) {
  for (std::size_t i = 0; i < z.size(); ++i)
    z[i] = z[i] * z[i] + std::complex<double>(a, 0.0);
}

[[ferry::kernel]] void rotate(std::span<const std::complex<double>> in,
                              std::span<std::complex<double>> out) {
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = std::complex<double>(in[i].imag(), -in[i].real()) * 2.0 + in[i];
}

struct Vec2 {
  double x, y;
  Vec2(double x_, double y_) : x(x_), y(y_) {}
  Vec2 scaled(double s) const { return Vec2(x * s, y * s); }
};

[[ferry::kernel]] void stretch(long n, double s,
                               [[ferry::borrow_mut(n)]] Vec2 *v) {
  for (long i = 0; i < n; ++i)
    v[i] = Vec2(v[i].x + 1.0, v[i].y).scaled(s);
}

int main() {
  std::vector<std::complex<double>> z(1000), r(1000);
  for (int i = 0; i < 1000; ++i)
    z[i] = {0.001 * i, 0.002 * i};
  mandelbrot_step(0.5, z);
  mandelbrot_step(0.25, z);
  rotate(z, r);
  std::complex<double> zs = 0, rs = 0;
  for (int i = 0; i < 1000; ++i) {
    zs += z[i];
    rs += r[i];
  }
  std::vector<Vec2> v(500, Vec2(1.0, 2.0));
  stretch(500, 1.5, v.data());
  std::printf("%.6f %.6f %.6f %.6f %.3f %.3f\n", zs.real(), zs.imag(),
              rs.real(), rs.imag(), v[499].x, v[499].y);
}
