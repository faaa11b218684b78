// Helpers defined after the kernels that call them, as GCC's OpenMP
// accepts: the kernel is compiled at the end of the translation unit, with
// every rule checked through the helpers' bodies (a late helper that takes
// the address of its local still turns simd off, a pointer helper still
// has its accesses followed).
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>

namespace physics {
double pressure(double rho, double e);
void add_flux(double *cell, const double *flux, int k);
}

template <class T>
T smooth(T left, T mid, T right);

[[ferry::kernel]]
void update(int n, [[ferry::borrow_mut(n)]] double *cells,
            [[ferry::borrow(n)]] const double *flux,
            [[ferry::out(n)]] double *p)
{
    for (int i = 0; i < n; ++i) {
        physics::add_flux(&cells[i], flux, i);
        p[i] = physics::pressure(cells[i], 0.5 * cells[i]);
    }
}

[[ferry::kernel]]
void relax(int n, [[ferry::borrow(n)]] const double *in,
           [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i) {
        double l = i > 0 ? in[i - 1] : in[i];
        double r = i + 1 < n ? in[i + 1] : in[i];
        out[i] = smooth(l, in[i], r);
    }
}

namespace physics {
static double gamma_minus_one() { return 0.4; }
double pressure(double rho, double e) { return gamma_minus_one() * rho * e; }
void add_flux(double *cell, const double *flux, int k) { *cell += flux[k]; }
}

template <class T>
T smooth(T left, T mid, T right)
{
    return 0.25 * left + 0.5 * mid + 0.25 * right;
}

int main()
{
    const int n = 500;
    std::vector<double> cells(n), flux(n), p(n), q(n);
    for (int i = 0; i < n; ++i) {
        cells[i] = 1.0 + 0.01 * i;
        flux[i] = 0.001 * (i % 9);
    }
    for (int step = 0; step < 4; ++step) {
        update(n, cells.data(), flux.data(), p.data());
        relax(n, p.data(), q.data());
    }
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += q[i] + cells[i];
    std::printf("%.12g %.12g %.12g\n", s, q[7], cells[n - 1]);
}
