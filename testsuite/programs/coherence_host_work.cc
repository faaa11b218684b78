// A time loop with ordinary host work on two other vectors between the
// launches (the case issue 13 measured).  GCC's alias oracle cannot tell
// one heap array from another, so the plugin's syncs treat every store in
// the host loop as one that may touch the kernel's buffers: with them
// alone (FERRY_COHERENCE=compiler) both buffers go up and down every step,
// as much as the naive mode moves.  With guarded pages (the default) those
// syncs are not needed: each buffer goes up once, and the final sum brings
// back the one it reads, the minimum a hand-written target data region
// moves.
// { ferry-stats "FERRY_DEVICE=sim" "launches=20 h2d_bytes=524288 h2d_copies=1 d2h_bytes=524288 d2h_copies=1 faults=1" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=20 h2d_bytes=10485760 h2d_copies=20 d2h_bytes=10485760 d2h_copies=20" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=20 h2d_bytes=10485760 h2d_copies=20 d2h_bytes=10485760 d2h_copies=20" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <utility>
#include <vector>

[[ferry::kernel]]
void smooth(int n, [[ferry::borrow(n)]] const double *in,
            [[ferry::out(n)]] double *out)
{
    for (int i = 0; i < n; ++i) {
        if (i > 0 && i < n - 1)
            out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
        else
            out[i] = in[i];
    }
}

int main()
{
    const int n = 1 << 16, steps = 20;
    std::vector<double> a(n), b(n), p(n, 1.0), q(n, 2.0);
    for (int i = 0; i < n; ++i)
        a[i] = i % 17;
    double *in = a.data(), *out = b.data();
    for (int step = 0; step < steps; ++step) {
        smooth(n, in, out);
        std::swap(in, out);
        for (int i = 0; i < n; ++i) // host work on other arrays
            p[i] = 0.5 * p[i] + q[i];
    }
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += in[i] * (i % 5 + 1);
    std::printf("%.12g %.12g\n", sum, p[7]);
}
