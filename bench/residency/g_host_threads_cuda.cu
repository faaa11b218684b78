// (g) by hand in CUDA.
#include "cuda_kernels.cuh"
#include "residency.hpp"

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> u(s.n), source(s.n);
    residency::initialise(u.data(), s.n);
    residency::initialise(source.data(), s.n);
    residency::Timer timer;
    double *d = device_array(s.n);
    for (int step = 0; step < s.steps; ++step) {
        to_device(d, u.data(), s.n);
        relax(s.n, d);
        to_host(u.data(), d, s.n);
#pragma omp parallel for
        for (long i = 0; i < s.n; ++i)
            u[i] += 1e-3 * source[i];
    }
    const double sum = residency::checksum(u.data(), s.n);
    residency::report("g_host_threads", "cuda", s, timer.seconds(), sum);
}
