// A kernel's buffer in memory mapped shared: a second mapping of the same
// pages reads them without passing ferry's guarded pages, so after a
// kernel wrote the buffer it read stale data, and a host write through it
// was lost.  ferry refuses such a buffer at the launch, before any data
// moves, naming it and saying what to do; the same kernel on a private
// copy runs as usual.
// { ferry-exit 1 "kernel 'add' \(.*coherence_shared_mapping.cc:16\) called at .*coherence_shared_mapping.cc:[0-9]+: 'y' lies in memory mapped shared \(mmap with MAP_SHARED, or shmat\).*\n.*give the kernel a private copy" "FERRY_DEVICE=sim" }
#include <ferry/ferry.hpp>

#include <sys/mman.h>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void add(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a;
}

int main()
{
    const int n = 4096;
    std::vector<double> copy(n, 1.0);
    add(n, 1.0, copy.data());
    std::printf("private copy: %g\n", copy[0]);
    void *memory = mmap(nullptr, n * sizeof(double), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return 2;
    double *y = static_cast<double *>(memory);
    for (int i = 0; i < n; ++i)
        y[i] = 1.0;
    add(n, 1.0, y);
    std::printf("not reached: %g\n", y[0]);
}
