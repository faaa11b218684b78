// (f) by hand in CUDA: the field comes back into a host copy the monitor
// watches.
#include "cuda_kernels.cuh"
#include "f_monitor.hpp"
#include "residency.hpp"

#include <utility>

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> a(s.n);
    residency::initialise(a.data(), s.n);
    residency::Timer timer;
    double *in = device_array(s.n), *out = device_array(s.n);
    to_device(in, a.data(), s.n);
    const double *field = a.data();
    monitor_watch(&field, s.n);
    double norms = 0;
    for (int step = 1; step <= s.steps; ++step) {
        smooth(s.n, in, out);
        std::swap(in, out);
        if (step % s.every == 0) {
            to_host(a.data(), in, s.n);
            norms += monitor_norm();
        }
    }
    if (s.steps % s.every != 0)
        to_host(a.data(), in, s.n);
    const double sum = residency::checksum(a.data(), s.n) + norms;
    residency::report("f_plain_reader", "cuda", s, timer.seconds(), sum);
}
