// (g) OpenMP host threads update the kernel's buffer between launches.
// residency-bytes: h2d=8*n*steps d2h=8*n*steps
#include "ferry_kernels.hpp"
#include "residency.hpp"

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> u(s.n), source(s.n);
    residency::initialise(u.data(), s.n);
    residency::initialise(source.data(), s.n);
    residency::Timer timer;
    for (int step = 0; step < s.steps; ++step) {
        relax(s.n, u.data());
#pragma omp parallel for
        for (long i = 0; i < s.n; ++i)
            u[i] += 1e-3 * source[i];
    }
    const double sum = residency::checksum(u.data(), s.n);
    residency::report("g_host_threads", "ferry", s, timer.seconds(), sum);
}
