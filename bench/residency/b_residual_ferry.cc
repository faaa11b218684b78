// (b) The host reads one element each step, as a residual check does.
// residency-bytes: h2d=8*n d2h=8*n+4096*(steps-1)
// residency-openmp: h2d=8*n d2h=8*n+8*steps
// residency-why: the host reads through a page: each read brings back the
// residency-why: page it is on (4 KiB), where target update moves 8 bytes
#include "ferry_kernels.hpp"
#include "residency.hpp"

#include <utility>

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> a(s.n), b(s.n);
    residency::initialise(a.data(), s.n);
    residency::Timer timer;
    double *in = a.data(), *out = b.data();
    double probe = 0;
    for (int step = 0; step < s.steps; ++step) {
        smooth(s.n, in, out);
        std::swap(in, out);
        probe += in[s.n / 2];
    }
    const double sum = residency::checksum(in, s.n) + probe;
    residency::report("b_residual", "ferry", s, timer.seconds(), sum);
}
