// A checked accessor in a kernel: std::array::at throws when out of range,
// which device code cannot.  The error is deep in <array>; ferry says why
// and points back to the call in the kernel.
// { dg-options "-std=c++17" }
// { dg-context "error: kernel 'fill' calls 'void std::__throw_out_of_range_fmt" }
// { dg-context "note: device code cannot throw: checked accessors such as 'at\(\)' throw when out of range; index with '\[\]'" }
#include <array>

[[ferry::kernel]]
void fill(int n, [[ferry::out(n)]] double *y)
{
    for (int i = 0; i < n; ++i) {
        std::array<double, 2> w{};
        w.at(1) = i; // { dg-message "through .* std::array<.*>::at\\(size_type\\).*, called here" }
        y[i] = w[1];
    }
}
