// 2-D Jacobi written by hand with OpenMP: the grids live on the device in
// a target data region, as an expert would write it.
//   g++ -O3 -fopenmp -foffload=nvptx-none -foffload-options=nvptx-none=-misa=sm_80
//       -o jacobi_openmp jacobi_openmp.cc
#include "jacobi.hpp"

#include <omp.h>

static void step(long n, const double *in, double *out)
{
#pragma omp target teams distribute parallel for simd collapse(2)
    for (long i = 0; i < n; ++i)
        for (long j = 0; j < n; ++j)
            out[i * n + j] =
                i == 0 || j == 0 || i == n - 1 || j == n - 1
                    ? in[i * n + j]
                    : 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                              in[i * n + j - 1] + in[i * n + j + 1]);
}

int main()
{
    const long n = jacobi::grid_edge();
    {
        double warm_in[16] = {}, warm_out[16];
#pragma omp target data map(to : warm_in) map(from : warm_out)
        step(4, warm_in, warm_out);
    }
    double *a = static_cast<double *>(std::malloc(n * n * sizeof(double)));
    double *b = static_cast<double *>(std::malloc(n * n * sizeof(double)));
    jacobi::initialise(a, n);
    jacobi::Timer timer;
#pragma omp target data map(tofrom : a[0 : n * n]) map(alloc : b[0 : n * n])
    for (int s = 0; s < jacobi::kSteps; s += 2) {
        step(n, a, b);
        step(n, b, a);
    }
    const double sum = jacobi::checksum(a, n);
    const double seconds = timer.seconds();
    jacobi::report("openmp", n, seconds, sum);
    std::free(a);
    std::free(b);
}
