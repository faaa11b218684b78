// (f) Every k steps, a function compiled without the plugin reads the
// field between launches.
// residency-bytes: h2d=8*n d2h=8*n*(steps/every)
// residency-plain: f_monitor.cc
#include "f_monitor.hpp"
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
    monitor_watch(&in, s.n);
    double norms = 0;
    for (int step = 1; step <= s.steps; ++step) {
        smooth(s.n, in, out);
        std::swap(in, out);
        if (step % s.every == 0)
            norms += monitor_norm();
    }
    const double sum = residency::checksum(in, s.n) + norms;
    residency::report("f_plain_reader", "ferry", s, timer.seconds(), sum);
}
