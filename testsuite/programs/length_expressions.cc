// Lengths are expressions of parameters and constants, read from the
// source even when the attribute sits on an earlier declaration.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=1 h2d_bytes=2880 d2h_bytes=1440" }
#include <cstddef>
#include <cstdio>

namespace shape {
constexpr int halo = 2;
}

[[ferry::kernel]]
void copy_rows(int rows, int cols,
               [[ferry::borrow(rows * (cols + shape::halo))]] const double *in,
               [[ferry::borrow_mut(rows *
                                   (cols + shape::halo))]] double *out);

void copy_rows(int rows, int cols, const double *in, double *out)
{
    for (int i = 0; i < rows * (cols + shape::halo); ++i)
        out[i] = in[i] + out[i];
}

int main()
{
    const int rows = 10, cols = 16;
    double in[rows * (cols + 2)], out[rows * (cols + 2)];
    for (int i = 0; i < rows * (cols + 2); ++i) {
        in[i] = i;
        out[i] = 1;
    }
    copy_rows(rows, cols, in, out);
    std::printf("%g %g\n", out[0], out[rows * (cols + 2) - 1]);
}
