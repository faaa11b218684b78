// (g) by hand with OpenMP: the buffer goes down for the host threads and
// back up for the next kernel.
#include "openmp_kernels.hpp"
#include "residency.hpp"

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> u(s.n), source(s.n);
    residency::initialise(u.data(), s.n);
    residency::initialise(source.data(), s.n);
    residency::Timer timer;
    double *field = u.data();
#pragma omp target data map(to : field[0 : s.n])
    for (int step = 0; step < s.steps; ++step) {
        if (step > 0) {
#pragma omp target update to(field[0 : s.n])
        }
        relax(s.n, field);
#pragma omp target update from(field[0 : s.n])
#pragma omp parallel for
        for (long i = 0; i < s.n; ++i)
            field[i] += 1e-3 * source[i];
    }
    const double sum = residency::checksum(u.data(), s.n);
    residency::report("g_host_threads", "openmp", s, timer.seconds(), sum);
}
