// Perfectly nested loops collapse: 2-D and 3-D, lower bounds other than
// zero, <= conditions, and int, unsigned and size_t loop variables; and a
// chunk per iteration written by an inner serial loop.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=4" }
#include <cstddef>
#include <cstdio>
#include <vector>

[[ferry::kernel]]
void grid2(int ni, int ld, [[ferry::borrow(ni * ld)]] const double *a,
           [[ferry::borrow_mut(ni * ld)]] double *b)
{
    for (int i = 1; i <= ni - 2; ++i)
        for (int j = 1; j < ld - 1; ++j)
            b[i * ld + j] += 0.25 * (a[i * ld + j - 1] + a[i * ld + j + 1] +
                                     a[(i - 1) * ld + j] + a[(i + 1) * ld + j]);
}

[[ferry::kernel]]
void grid3(unsigned ni, unsigned nj, unsigned nk,
           [[ferry::out(ni * nj * nk)]] float *v)
{
    for (unsigned i = 0; i < ni; ++i)
        for (unsigned j = 0; j < nj; ++j)
            for (unsigned k = 0; k < nk; ++k)
                v[(i * nj + j) * nk + k] = float(i) - 0.5f * j + 0.25f * k;
}

// Iteration i owns y[c*i .. c*i + c-1].
[[ferry::kernel]]
void chunks(std::size_t n, std::size_t c, [[ferry::borrow(n)]] const double *x,
            [[ferry::out(n * c)]] double *y)
{
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < c; ++k)
            y[c * i + k] = x[i] * double(k + 1);
}

[[ferry::kernel]]
void triangular(std::size_t n, [[ferry::borrow_mut(n * n)]] double *m)
{
    // The inner loop depends on i: no collapse, it runs inside iteration i.
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j <= i; ++j)
            m[i * n + j] *= 2.0;
}

int main()
{
    const int ni = 12, ld = 11;
    std::vector<double> a(ni * ld), b(ni * ld);
    for (int i = 0; i < ni * ld; ++i) {
        a[i] = i % 7;
        b[i] = i % 3;
    }
    grid2(ni, ld, a.data(), b.data());
    double s2 = 0;
    for (double v : b)
        s2 += v;

    const unsigned ni3 = 5, nj3 = 4, nk3 = 6;
    std::vector<float> v(ni3 * nj3 * nk3);
    grid3(ni3, nj3, nk3, v.data());

    const std::size_t n = 10, c = 3;
    std::vector<double> x(n), y(n * c);
    for (std::size_t i = 0; i < n; ++i)
        x[i] = 1.0 + i;
    chunks(n, c, x.data(), y.data());

    std::vector<double> m(n * n, 1.0);
    triangular(n, m.data());
    double sm = 0;
    for (double e : m)
        sm += e;

    std::printf("%g %g %g %g %g %g %g\n", s2, b[ld + 1], v[0], v[ni3 * nj3 * nk3 - 1],
                y[0], y[n * c - 1], sm);
}
