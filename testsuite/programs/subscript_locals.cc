// Subscripts as C codes write them: a row offset in a local that is never
// assigned again (`int base = i * m;`, not const), and a length written
// with a namespace constant that the loop bounds use too (`out(n / P * P)`
// over n / P groups of P, n not a multiple of P).  Both compile and give
// the serial answers; the elements past n / P * P keep the caller's.
#include <cstdio>
#include <vector>

constexpr int P = 4;

[[ferry::kernel]]
void rows(int n, int m, [[ferry::borrow(n * m)]] const double *x,
          [[ferry::out(n * m)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        int base = i * m;
        for (int j = 0; j < m; ++j)
            y[base + j] = 2 * x[base + j] + j;
    }
}

[[ferry::kernel]]
void groups(int n, [[ferry::out(n / P * P)]] double *y)
{
    for (int g = 0; g < n / P; ++g)
        for (int l = 0; l < P; ++l)
            y[g * P + l] = g * 10 + l;
}

int main()
{
    const int n = 103, m = 5;
    std::vector<double> x(n * m), y(n * m, -1.0);
    for (int k = 0; k < n * m; ++k)
        x[k] = k % 11;
    rows(n, m, x.data(), y.data());
    double sum = 0;
    for (double v : y)
        sum += v;
    std::printf("rows %.1f\n", sum);

    std::vector<double> z(n, -1.0);
    groups(n, z.data());
    sum = 0;
    for (double v : z)
        sum += v;
    std::printf("groups %.1f last %.1f %.1f\n", sum, z[n - 4], z[n - 1]);
}
