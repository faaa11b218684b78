// A program's own target regions with a `device` clause run as ferry
// kernels on the target it names (issue 53, the one-process form): here on
// two sim devices, device(0) and device(1) alternately in a time loop on
// buffers of their own, then a region on device 1 that reads what device
// 0 wrote (the buffer moves: targets:moves=1), and one inside a data region
// mapped on device 1.  Where the number names no target (device 1 of one
// sim device, or of one GPU; omp_get_initial_device()), the region runs as
// GCC compiled it, on the host, as OpenMP says: the answers are the
// serial build's.
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_RESIDENCY=0" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_GPU=1" }
// FERRY_STATS's ferry-openmp line counts the regions GCC's path ran: none
// on two sim devices, the six on device 1 on one.
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" "launches=10 targets:moves=1 openmp:regions=0 openmp:data=1" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=1" "launches=4 openmp:regions=6 openmp:data=1" }
#include <cstdio>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

static double total(const double *x, int n)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += x[i];
    return sum;
}

int main()
{
    const int n = 4096;
    std::vector<double> a(n), b(n), c(n);
    double *pa = a.data(), *pb = b.data(), *pc = c.data();
    for (int i = 0; i < n; ++i) {
        pa[i] = i;
        pb[i] = 1;
        pc[i] = n - i;
    }
    int second = 1; // a number known at run time only
    for (int step = 0; step < 3; ++step) {
#pragma omp target teams distribute parallel for map(tofrom: pa[0:n]) device(0)
        for (int i = 0; i < n; ++i)
            pa[i] = 0.5 * pa[i] + 1;
#pragma omp target teams distribute parallel for map(tofrom: pb[0:n]) device(second)
        for (int i = 0; i < n; ++i)
            pb[i] = 2 * pb[i] + step;
    }
    std::printf("a: %.6f b: %.6f\n", total(pa, n), total(pb, n));
    // a, newer on device 0, is read on device 1.
#pragma omp target teams distribute parallel for map(to: pa[0:n]) map(tofrom: pb[0:n]) device(second)
    for (int i = 0; i < n; ++i)
        pb[i] += pa[i];
    std::printf("b: %.6f\n", total(pb, n));
    // Data mapped on device 1 by the program, used there twice.
#pragma omp target data map(tofrom: pc[0:n]) device(1)
    {
        for (int step = 0; step < 2; ++step) {
#pragma omp target teams distribute parallel for device(1)
            for (int i = 0; i < n; ++i)
                pc[i] = pc[i] * 0.25 + step;
        }
    }
    std::printf("c: %.6f\n", total(pc, n));
    // The host, as OpenMP's number for it says.
#ifdef _OPENMP
    const int host = omp_get_initial_device();
#else
    const int host = -1; // the serial build ignores the pragmas
#endif
#pragma omp target teams distribute parallel for map(tofrom: pc[0:n]) device(host)
    for (int i = 0; i < n; ++i)
        pc[i] += 1;
    std::printf("c: %.6f\n", total(pc, n));
    return 0;
}
