// 2-D Jacobi with a ferry kernel: 100 steps, two launches per iteration.
// The same binary is the naive version under FERRY_RESIDENCY=0.
//   ferry-g++ -O3 -o jacobi_ferry jacobi_ferry.cc
#include "jacobi.hpp"

#include <ferry/ferry.hpp>

#include <cstring>

// One step: the edges are copied, every inner point becomes the mean of
// its four neighbours.
[[ferry::kernel]]
void jacobi_step(long n, [[ferry::borrow(n * n)]] const double *in,
                 [[ferry::out(n * n)]] double *out)
{
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
        // Start the device and load the kernels before timing.
        double warm_in[16] = {}, warm_out[16];
        jacobi_step(4, warm_in, warm_out);
    }
    double *a = static_cast<double *>(std::malloc(n * n * sizeof(double)));
    double *b = static_cast<double *>(std::malloc(n * n * sizeof(double)));
    jacobi::initialise(a, n);
    jacobi::Timer timer;
    for (int step = 0; step < jacobi::kSteps; step += 2) {
        jacobi_step(n, a, b);
        jacobi_step(n, b, a);
    }
    const double sum = jacobi::checksum(a, n);
    const double seconds = timer.seconds();
    const char *residency = std::getenv("FERRY_RESIDENCY");
    jacobi::report(residency && std::strcmp(residency, "0") == 0 ? "naive"
                                                                  : "ferry",
                   n, seconds, sum);
    std::free(a);
    std::free(b);
}
