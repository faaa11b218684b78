// ferry::device_pointer with a count past the end of the buffer's heap
// block is an error at the call: the device copy it makes would cover what
// lies after the block, and copying that back later overwrote other heap
// data (SIGSEGV).  The block is known here since it is a page or more and
// pages are guarded (the default), or with FERRY_CHECK=1 for any size.
// { ferry-exit 1 "ferry::device_pointer: 32000 bytes from 0x[0-9a-f]+, but the heap block they lie in ends 16000 bytes after it; pass the buffer's own length" "FERRY_DEVICE=sim" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

[[ferry::kernel]]
void scale(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] *= a;
}

int main()
{
    const int n = 2000;
    std::vector<double> y(n, 1.0);
    scale(n, 3.0, y.data());
    // Within the buffer: fine.
    double *device = ferry::device_pointer(y.data(), n);
    std::printf("within: %s\n", device ? "a device address" : "null");
    ferry::device_wrote(y.data(), n);
    std::printf("%g\n", y[n - 1]);
    ferry::device_pointer(y.data(), 2 * n);
    std::printf("not reached\n");
}
