// The calls that change what memory holds, on buffers a kernel wrote:
// madvise(MADV_DONTNEED) empties anonymous pages (they read as zeros
// afterwards), and mmap(MAP_FIXED) puts fresh pages over a buffer.  The
// next launch must see the zeros, not the device's stale copy, and the
// bytes around the advised range keep what the kernel wrote (12288
// against 4096 before madvise was seen).
#include <ferry/ferry.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

[[ferry::kernel]]
void add(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a;
}

[[ferry::kernel]]
double total(int n, [[ferry::borrow(n)]] const double *x)
{
    double s = 0;
    for (int i = 0; i < n; ++i)
        s += x[i];
    return s;
}

int main()
{
    const std::size_t page = sysconf(_SC_PAGESIZE);
    const int pages = 8;
    const int n = static_cast<int>(pages * page / sizeof(double));
    const int per_page = static_cast<int>(page / sizeof(double));
    void *memory = mmap(nullptr, pages * page, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        return 1;
    double *y = static_cast<double *>(memory);
    std::memset(y, 0, pages * page);

    add(n, 1.0, y);
    add(n, 2.0, y);
    // Pages 2 and 3 discarded: zeros there, 3.0 elsewhere.
    if (madvise(y + 2 * per_page, 2 * page, MADV_DONTNEED) != 0)
        return 2;
    add(n, 1.0, y);
    std::printf("after madvise: total %g, y[0] %g, y[2 pages] %g\n",
                total(n, y), y[0], y[2 * per_page]);

    // Fresh anonymous pages over pages 5 to 7.
    void *fixed = mmap(y + 5 * per_page, 3 * page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (fixed == MAP_FAILED)
        return 3;
    add(n, 1.0, y);
    std::printf("after mmap: total %g, y[4 pages] %g, y[5 pages] %g\n",
                total(n, y), y[4 * per_page], y[5 * per_page]);
    munmap(y, pages * page);
}
