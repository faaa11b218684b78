// Rule 6 at run time with ferry::set_alias_action(throw_error): the
// overlapping launch throws ferry::alias_error, no data is touched, and
// later launches work.
// { ferry-exit 3 "caught: ferry: kernel 'twice' .*'y' \(borrow_mut\) covers .*'x' \(borrow\) covers.*\n.*y\[0\] = 1 after the refused launch\n.*later launch: y\[0\] = 4" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void twice(int n, [[ferry::borrow(n)]] const double *x,
           [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = 2 * x[i];
}

int main()
{
    ferry::set_alias_action(ferry::alias_action::throw_error);
    std::vector<double> data(64, 1.0);
    try {
        twice(32, data.data(), data.data() + 16);
    } catch (const ferry::alias_error &e) {
        std::fprintf(stderr, "caught: %s\n", e.what());
    }
    std::fprintf(stderr, "y[0] = %g after the refused launch\n", data[16]);
    std::vector<double> x(32, 2.0);
    twice(32, x.data(), data.data());
    std::fprintf(stderr, "later launch: y[0] = %g\n", data[0]);
    return 3;
}
