// (a) A time loop with host work on two other arrays each step.
// residency-bytes: h2d=8*n d2h=8*n
#include "ferry_kernels.hpp"
#include "residency.hpp"

#include <utility>

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> a(s.n), b(s.n), p(s.n, 1.0), q(s.n, 2.0);
    residency::initialise(a.data(), s.n);
    residency::Timer timer;
    double *in = a.data(), *out = b.data();
    for (int step = 0; step < s.steps; ++step) {
        smooth(s.n, in, out);
        std::swap(in, out);
        residency::host_work(p, q);
    }
    const double sum = residency::checksum(in, s.n) + p[7];
    residency::report("a_host_work", "ferry", s, timer.seconds(), sum);
}
