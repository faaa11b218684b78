// (b) by hand with OpenMP: one element comes back each step.
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
    double probe = 0;
    const long middle = s.n / 2;
#pragma omp target data map(to : in[0 : s.n]) map(alloc : out[0 : s.n])
    {
        for (int step = 0; step < s.steps; ++step) {
            smooth(s.n, in, out);
            std::swap(in, out);
#pragma omp target update from(in[middle : 1])
            probe += in[middle];
        }
#pragma omp target update from(in[0 : s.n])
    }
    const double sum = residency::checksum(in, s.n) + probe;
    residency::report("b_residual", "openmp", s, timer.seconds(), sum);
}
