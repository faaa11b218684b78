// Host threads (OpenMP) update a buffer a kernel has just written.  They
// fault together on its guarded pages: the copy back must not open the
// pages while it writes them, or a thread that has not faulted yet reads
// old bytes, or writes bytes the copy then overwrites (lost updates, seen
// here before the copies went through /proc/self/mem).  Every page is
// written by the host each step, so each step uploads and downloads the
// whole buffer, as a hand-written OpenMP target data version must.
// { ferry-stats "FERRY_DEVICE=sim" "launches=40 h2d_bytes=5242880 h2d_copies=40 d2h_bytes=5242880 d2h_copies=40" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void relax(long n, [[ferry::borrow_mut(n)]] double *u)
{
    for (long i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 1.0;
}

int main()
{
    const long n = 16384, steps = 40;
    std::vector<double> u(n), source(n);
    for (long i = 0; i < n; ++i) {
        u[i] = i % 17;
        source[i] = i % 5;
    }
    for (int step = 0; step < steps; ++step) {
        relax(n, u.data());
#pragma omp parallel for num_threads(4)
        for (long i = 0; i < n; ++i)
            u[i] += 1e-3 * source[i] * (step + 1);
    }
    double sum = 0;
    for (long i = 0; i < n; ++i)
        sum += u[i] * (i % 7 + 1);
    std::printf("%.15g\n", sum);
}
