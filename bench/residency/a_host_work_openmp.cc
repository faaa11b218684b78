// (a) by hand with OpenMP: a data region for the two arrays.
#include "openmp_kernels.hpp"
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
#pragma omp target data map(to : in[0 : s.n]) map(alloc : out[0 : s.n])
    {
        for (int step = 0; step < s.steps; ++step) {
            smooth(s.n, in, out);
            std::swap(in, out);
            residency::host_work(p, q);
        }
#pragma omp target update from(in[0 : s.n])
    }
    const double sum = residency::checksum(in, s.n) + p[7];
    residency::report("a_host_work", "openmp", s, timer.seconds(), sum);
}
