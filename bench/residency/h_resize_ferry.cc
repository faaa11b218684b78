// (h) A std::vector doubles its size half way through the run.
// residency-bytes: h2d=24*n d2h=24*n
#include "ferry_kernels.hpp"
#include "residency.hpp"

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> u(s.n);
    residency::initialise(u.data(), s.n);
    residency::Timer timer;
    for (int step = 0; step < s.steps; ++step) {
        if (step == s.steps / 2)
            u.resize(2 * s.n, 1.0);
        relax(static_cast<long>(u.size()), u.data());
    }
    const double sum = residency::checksum(u.data(), u.size());
    residency::report("h_resize", "ferry", s, timer.seconds(), sum);
}
