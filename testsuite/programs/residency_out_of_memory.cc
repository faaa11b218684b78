// A buffer larger than the device stops the program with a clear message,
// after copying back what the device had changed: the exit handler reads
// the first buffer and finds the kernel's results in it.
// { ferry-exit 1 "(?s)kernel 'twice' \(.*residency_out_of_memory.cc:[0-9]+\) called at .*residency_out_of_memory.cc:[0-9]+ \(its 1 buffers: 80000 bytes\): out of device memory: 80000 bytes for 'y' do not fit beside the [0-9]+ buffers the running launches hold there \(the sim device holds [0-9]+ bytes of its 20000 bytes \(FERRY_SIM_MEMORY\)\).*first buffer after exit: 2000" "FERRY_DEVICE=sim FERRY_SIM_MEMORY=20000" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void twice(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] *= 2.0;
}

static double *first;

void report()
{
    double sum = 0;
    for (int i = 0; i < 1000; ++i)
        sum += first[i];
    std::fprintf(stderr, "first buffer after exit: %.0f\n", sum);
}

int main()
{
    first = static_cast<double *>(std::malloc(1000 * sizeof(double)));
    double *big = static_cast<double *>(std::malloc(10000 * sizeof(double)));
    for (int i = 0; i < 1000; ++i)
        first[i] = 1;
    for (int i = 0; i < 10000; ++i)
        big[i] = 1;
    std::atexit(report);
    twice(1000, first);  // fits
    twice(10000, big);   // does not
    std::printf("not reached\n");
}
