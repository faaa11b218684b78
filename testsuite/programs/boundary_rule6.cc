// Rule 6 between the arrays of a struct and a parameter: the struct's
// written member overlaps the span the kernel reads, so the launch is
// refused with both names, as for two pointer parameters.
// { dg-options "-std=c++20" }
// { ferry-exit 1 "kernel 'step_fields' .*arguments overlap: 'f.next' \(out\) covers .*and 'source' \(borrow\) covers .*rule 6" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <span>
#include <vector>

struct Fields {
    int n;
    [[ferry::borrow(n)]] const double *now;
    [[ferry::out(n)]] double *next;
};

[[ferry::kernel]]
void step_fields(const Fields &f, std::span<const double> source)
{
    for (int i = 0; i < f.n; ++i)
        f.next[i] = f.now[i] + source[i];
}

int main()
{
    std::vector<double> a(100, 1.0), b(100), c(100, 0.5);
    Fields f{100, a.data(), b.data()};
    step_fields(f, c); // fine: disjoint
    std::printf("%g\n", b[7]);
    step_fields(f, b); // the source is the output
    std::printf("not reached\n");
}
