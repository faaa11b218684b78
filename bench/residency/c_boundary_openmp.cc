// (c) by hand with OpenMP: the boundary row goes up each step.
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
    for (long j = 0; j < residency::kRow; ++j)
        in[j] = 1.0;
#pragma omp target data map(to : in[0 : s.n]) map(alloc : out[0 : s.n])
    {
        for (int step = 0; step < s.steps; ++step) {
            if (step > 0) {
                for (long j = 0; j < residency::kRow; ++j)
                    in[j] = 1.0 + step;
#pragma omp target update to(in[0 : residency::kRow])
            }
            smooth(s.n, in, out);
            std::swap(in, out);
        }
#pragma omp target update from(in[0 : s.n])
    }
    const double sum = residency::checksum(in, s.n);
    residency::report("c_boundary", "openmp", s, timer.seconds(), sum);
}
