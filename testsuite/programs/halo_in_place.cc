// In-place halo updates, as TeaLeaf's local_halos.cpp writes them: interior
// rows and columns of one array copied into its halo rows and columns, in
// collapsed nests, with the row start in a local (`int base = jj * x`).
// No iteration writes an element any iteration reads, but only the values
// of x, y, the halo depth and the copy depth show it, so ferry checks it at
// each launch (rules.md, rule 2).  Also a second half copied onto the first
// and a column-wise write with a stride the loop never compares with its
// range.  Every kernel must give the serial build's answers.
// { ferry-stats "FERRY_DEVICE=sim" "launches=28" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void update_left(const int x, const int y, const int halo_depth, const int depth,
                 [[ferry::borrow_mut(x * y)]] double *buffer)
{
    for (int jj = halo_depth; jj < y - halo_depth; ++jj) {
        for (int kk = 0; kk < depth; ++kk) {
            int base = jj * x;
            buffer[base + (halo_depth - kk - 1)] = buffer[base + (halo_depth + kk)];
        }
    }
}

[[ferry::kernel]]
void update_right(const int x, const int y, const int halo_depth, const int depth,
                  [[ferry::borrow_mut(x * y)]] double *buffer)
{
    for (int jj = halo_depth; jj < y - halo_depth; ++jj) {
        for (int kk = 0; kk < depth; ++kk) {
            int base = jj * x;
            buffer[base + (x - halo_depth + kk)] = buffer[base + (x - halo_depth - 1 - kk)];
        }
    }
}

[[ferry::kernel]]
void update_top(const int x, const int y, const int halo_depth, const int depth,
                [[ferry::borrow_mut(x * y)]] double *buffer)
{
    for (int jj = 0; jj < depth; ++jj) {
#pragma omp parallel for
        for (int kk = halo_depth; kk < x - halo_depth; ++kk) {
            int base = kk;
            buffer[base + (y - halo_depth + jj) * x] = buffer[base + (y - halo_depth - 1 - jj) * x];
        }
    }
}

[[ferry::kernel]]
void update_bottom(const int x, const int y, const int halo_depth, const int depth,
                   [[ferry::borrow_mut(x * y)]] double *buffer)
{
    for (int jj = 0; jj < depth; ++jj) {
        for (int kk = halo_depth; kk < x - halo_depth; ++kk) {
            int base = kk;
            buffer[base + (halo_depth - jj - 1) * x] = buffer[base + (halo_depth + jj) * x];
        }
    }
}

// The second half onto the first: apart for every n.
[[ferry::kernel]]
void fold_halves(int n, [[ferry::borrow_mut(2 * n)]] double *v)
{
    for (int i = 0; i < n; ++i)
        v[i] += v[n + i];
}

// Column j of every row: distinct elements while the rows are at least as
// long as the columns written.
[[ferry::kernel]]
void fill_columns(int rows, int columns, int ld, [[ferry::borrow_mut(rows * ld)]] double *a)
{
    for (int j = 0; j < columns; ++j)
        for (int i = 0; i < rows; ++i)
            a[i * ld + j] = a[i * ld + j] * 0.5 + j;
}

namespace {

double checksum(const std::vector<double> &v)
{
    double sum = 0;
    for (std::size_t i = 0; i < v.size(); ++i)
        sum += v[i] * static_cast<double>(i % 97 + 1);
    return sum;
}

} // namespace

int main()
{
    const int x = 24, y = 20, halo_depth = 2;
    std::vector<double> field(x * y);
    for (int i = 0; i < x * y; ++i)
        field[i] = (i % x) * 0.25 + (i / x) * 1.5;
    // As TeaLeaf does: depth 1 in the solver's iterations, the whole halo
    // at the start.
    for (int step = 0; step < 5; ++step) {
        const int depth = step == 0 ? halo_depth : 1;
        update_left(x, y, halo_depth, depth, field.data());
        update_right(x, y, halo_depth, depth, field.data());
        update_top(x, y, halo_depth, depth, field.data());
        update_bottom(x, y, halo_depth, depth, field.data());
        for (int i = halo_depth * x; i < (y - halo_depth) * x; ++i)
            field[i] += 0.125 * step;
    }
    std::printf("field %.6f corners %.3f %.3f %.3f %.3f\n", checksum(field), field[0],
                field[x - 1], field[(y - 1) * x], field[x * y - 1]);

    std::vector<double> halves(2 * 1000);
    for (int i = 0; i < 2000; ++i)
        halves[i] = i * 0.001;
    for (int r = 0; r < 4; ++r)
        fold_halves(1000, halves.data());
    std::printf("halves %.6f\n", checksum(halves));

    const int rows = 30, columns = 7, ld = 9;
    std::vector<double> a(rows * ld, 1.0);
    for (int r = 0; r < 4; ++r)
        fill_columns(rows, columns, ld, a.data());
    std::printf("columns %.6f\n", checksum(a));
    return 0;
}
