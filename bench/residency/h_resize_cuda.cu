// (h) by hand in CUDA: a new device array when the vector grows.
#include "cuda_kernels.cuh"
#include "residency.hpp"

int main()
{
    const residency::Size s = residency::size();
    warm_up();
    std::vector<double> u(s.n);
    residency::initialise(u.data(), s.n);
    residency::Timer timer;
    const int half = s.steps / 2;
    for (int begin : {0, half}) {
        if (begin == half)
            u.resize(2 * s.n, 1.0);
        const long n = static_cast<long>(u.size());
        double *d = device_array(n);
        to_device(d, u.data(), n);
        for (int step = begin; step < (begin == 0 ? half : s.steps); ++step)
            relax(n, d);
        to_host(u.data(), d, n);
        cudaFree(d);
    }
    const double sum = residency::checksum(u.data(), u.size());
    residency::report("h_resize", "cuda", s, timer.seconds(), sum);
}
