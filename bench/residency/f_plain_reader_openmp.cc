// (f) by hand with OpenMP: the field comes back before the monitor reads
// it.
#include "f_monitor.hpp"
#include "openmp_kernels.hpp"
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
#pragma omp target data map(to : in[0 : s.n]) map(alloc : out[0 : s.n])
    {
        for (int step = 1; step <= s.steps; ++step) {
            smooth(s.n, in, out);
            std::swap(in, out);
            if (step % s.every == 0) {
#pragma omp target update from(in[0 : s.n])
                norms += monitor_norm();
            }
        }
        if (s.steps % s.every != 0) {
#pragma omp target update from(in[0 : s.n])
        }
    }
    const double sum = residency::checksum(in, s.n) + norms;
    residency::report("f_plain_reader", "openmp", s, timer.seconds(), sum);
}
