// OpenMP's default device chooses the target, each thread its own, as it
// chooses where the program's own target constructs run: two threads on
// two targets at once, each on buffers of its own, then one buffer handed
// from one thread's target to the other's, with the host reading between.
// A number that is no target's (here 5, on one target also 1) leaves
// kernels on the process's target.
// { dg-options "-fopenmp" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_COHERENCE=compiler" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_RESIDENCY=0" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" "launches=42" }
#include <ferry/ferry.hpp>

#include <omp.h>

#include <cstdio>
#include <thread>
#include <vector>

[[ferry::kernel]]
void step(int n, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 1.0;
}

[[ferry::kernel]]
void accumulate(int n, [[ferry::borrow(n)]] const double *from,
                [[ferry::borrow_mut(n)]] double *to)
{
    for (int i = 0; i < n; ++i)
        to[i] += from[i];
}

double total(const std::vector<double> &u)
{
    double sum = 0;
    for (double value : u)
        sum += value;
    return sum;
}

int main()
{
    const int n = 5000;
    std::vector<double> a(n), b(n);
    for (int i = 0; i < n; ++i) {
        a[i] = i;
        b[i] = n - i;
    }
    // Each thread on its own device, launching at the same time.
    std::thread first([&] {
        omp_set_default_device(0);
        for (int k = 0; k < 20; ++k)
            step(n, a.data());
    });
    std::thread second([&] {
        omp_set_default_device(1);
        for (int k = 0; k < 20; ++k)
            step(n, b.data());
    });
    first.join();
    second.join();
    std::printf("a: %.6f b: %.6f\n", total(a), total(b));
    // b, newer on device 1, goes to device 0 to be read there.
    omp_set_default_device(0);
    b[0] = -1; // the host writes it between
    accumulate(n, b.data(), a.data());
    omp_set_default_device(5);
    step(n, a.data());
    std::printf("a: %.6f a[0]: %.6f\n", total(a), a[0]);
    return 0;
}
