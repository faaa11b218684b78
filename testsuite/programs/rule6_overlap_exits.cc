// Rule 6 at run time: the output range overlaps the input, so the kernel
// does not run; the message names the kernel, both parameters, their
// ranges and the call site, and the program exits with status 1.
// { ferry-exit 1 "kernel 'smooth' \(.*rule6_overlap_exits.cc:11\) called at .*rule6_overlap_exits.cc:23: arguments overlap: 'out' \(out\) covers \[0x[0-9a-f]+, 0x[0-9a-f]+\), 800 bytes, and 'in' \(borrow\) covers .*800 bytes; .*rule 6.*no data was touched" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void smooth(int n, [[ferry::borrow(n)]] const double *in,
            [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i)
        out[i] = 0.5 * in[i];
}

int main()
{
    std::vector<double> data(200, 1.0);
    smooth(100, data.data(), data.data() + 100); // fine: disjoint
    std::printf("%g\n", data[150]);
    smooth(100, data.data(), data.data() + 50); // overlap
    std::printf("not reached\n");
}
