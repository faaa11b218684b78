// A kernel that calls a function defined further down is built once the
// whole unit is parsed, after the front end instantiated the templates it
// used: a reduction of a type no earlier kernel reduced (unsigned long,
// float; its ferry::direct::reduce_* instantiation) is instantiated then.
// (It stopped the build with "inlining failed in call to always_inline
// reduce_plus<unsigned long>: function body not available".)
#include <ferry/ferry.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

double weight(double x);

[[ferry::kernel]]
unsigned long count_heavy(int n, [[ferry::borrow(n)]] const double *x)
{
    unsigned long count = 0;
    for (int i = 0; i < n; ++i)
        count += weight(x[i]) > 0.25 ? 1 : 0;
    return count;
}

[[ferry::kernel]]
float largest_weight(int n, [[ferry::borrow(n)]] const double *x)
{
    float largest = 0;
    for (int i = 0; i < n; ++i)
        largest = std::max(largest, static_cast<float>(weight(x[i])));
    return largest;
}

double weight(double x) { return x * x; }

int main()
{
    const int n = 1000;
    std::vector<double> x(n);
    for (int i = 0; i < n; ++i)
        x[i] = (i % 37) / 37.0;
    std::printf("heavy: %lu\n", count_heavy(n, x.data()));
    std::printf("largest: %.6f\n", largest_weight(n, x.data()));
    return 0;
}
