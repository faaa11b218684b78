// (c) The host writes a boundary row (one page) before each step.
// residency-bytes: h2d=8*n+4096*(steps-1) d2h=8*n+4096*(steps-1)
// residency-openmp: h2d=8*n+4096*(steps-1) d2h=8*n
// residency-why: the first write to the row's page faults while the device
// residency-why: holds it newer; nothing tells ferry that the loop will
// residency-why: overwrite the whole page, so the page comes back first
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
    for (int step = 0; step < s.steps; ++step) {
        for (long j = 0; j < residency::kRow; ++j)
            in[j] = 1.0 + step;
        smooth(s.n, in, out);
        std::swap(in, out);
    }
    const double sum = residency::checksum(in, s.n);
    residency::report("c_boundary", "ferry", s, timer.seconds(), sum);
}
