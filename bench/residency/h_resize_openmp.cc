// (h) by hand with OpenMP: one data region per size of the vector.
#include "openmp_kernels.hpp"
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
        double *field = u.data();
        const long n = static_cast<long>(u.size());
#pragma omp target data map(tofrom : field[0 : n])
        for (int step = begin; step < (begin == 0 ? half : s.steps); ++step)
            relax(n, field);
    }
    const double sum = residency::checksum(u.data(), u.size());
    residency::report("h_resize", "openmp", s, timer.seconds(), sum);
}
