// A kernel with several loops maps its buffers once: the sim device moves
// each buffer once per call, however many loops use it.  The scratch
// buffer lives only on the device, and the kernel returns a reduction.
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=2 h2d_bytes=16000 h2d_copies=2 d2h_bytes=16000 d2h_copies=2" }
// { ferry-tolerance 1e-12 }
#include <cstddef>
#include <cstdio>
#include <vector>

[[ferry::kernel]]
double smooth_and_measure(std::size_t n, [[ferry::borrow_mut(n)]] double *u,
                          [[ferry::scratch(n)]] double *tmp)
{
    for (std::size_t i = 0; i < n; ++i)
        tmp[i] = u[i];
    for (std::size_t i = 1; i + 1 < n; ++i)
        u[i] = (tmp[i - 1] + tmp[i] + tmp[i + 1]) / 3.0;
    double energy = 0;
    for (std::size_t i = 0; i < n; ++i)
        energy += u[i] * u[i];
    return energy / n;
}

int main()
{
    const std::size_t n = 1000;
    std::vector<double> u(n), tmp(n);
    for (std::size_t i = 0; i < n; ++i)
        u[i] = (i % 10 == 0) ? 1.0 : 0.0;
    double e1 = smooth_and_measure(n, u.data(), tmp.data());
    double e2 = smooth_and_measure(n, u.data(), tmp.data());
    std::printf("%.15g %.15g %.15g\n", e1, e2, u[5]);
}
