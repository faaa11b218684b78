// An in-place halo copy deeper than the halo: row jj writes its column -1,
// the last column of row jj - 1, which row jj - 1 reads.  ferry accepts the
// loop, since for a copy no deeper than the halo it is race-free, and
// stops the launch whose values make it race, naming the loop, the
// buffer, the element and the lines (on the host the same race would give
// answers that depend on the order of the iterations).  The launches with
// a valid depth before it run.
// { ferry-exit 1 "kernel 'update_left' \(.*halo_in_place_overlap.cc:15\): with this launch's values the loop at line 18 races on element 14 of 'buffer': one iteration reads it \(line 21\) that another writes \(line 21\)\nferry: the loop is accepted for values that keep its accesses of 'buffer' apart; read what other iterations write from a copy made before the kernel" }
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

int main()
{
    const int x = 5, y = 8, halo_depth = 2;
    std::vector<double> field(x * y, 1.0);
    for (int depth = 1; depth <= 3; ++depth) {
        update_left(x, y, halo_depth, depth, field.data());
        std::printf("depth %d done\n", depth);
    }
    return 0;
}
