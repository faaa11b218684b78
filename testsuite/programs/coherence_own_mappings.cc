// Memory the program maps, protects and unmaps itself, and a constant
// table in read-only memory, used by kernels (doc/user-guide.md, "What
// guarded pages do not see"):
//  - a buffer in an mmap'd region the program then makes read-only: its
//    mprotect brings back what the device wrote first, so the read sees it;
//  - a region unmapped and mapped again at the same address with other
//    bytes: the kernel must read the new bytes, not an old device copy;
//  - a region moved with mremap after a kernel wrote it;
//  - a const global array passed as borrow, on read-only pages.
// { ferry-stats "FERRY_DEVICE=sim" "launches=6" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstring>
#include <sys/mman.h>

[[ferry::kernel]]
void fill(long n, double value, [[ferry::out(n)]] double *y)
{
    for (long i = 0; i < n; ++i)
        y[i] = value + static_cast<double>(i % 7);
}

[[ferry::kernel]]
double total(long n, [[ferry::borrow(n)]] const double *x)
{
    double sum = 0;
    for (long i = 0; i < n; ++i)
        sum += x[i] * static_cast<double>(i % 3 + 1);
    return sum;
}

namespace {

const long kCount = 4096; // 32 KiB: eight pages
const std::size_t kBytes = kCount * sizeof(double);

double *map_fresh(void *at)
{
    void *memory = mmap(at, kBytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | (at ? MAP_FIXED : 0),
                        -1, 0);
    return memory == MAP_FAILED ? nullptr : static_cast<double *>(memory);
}

// Reads the buffer through a pointer the plugin cannot follow.
double host_sum(const double *volatile y)
{
    double sum = 0;
    for (long i = 0; i < kCount; ++i)
        sum += y[i] * static_cast<double>(i % 5 + 1);
    return sum;
}

constexpr double make_value(long i) { return static_cast<double>(i % 13); }

struct Table {
    double values[kCount];
    constexpr Table() : values() {
        for (long i = 0; i < kCount; ++i)
            values[i] = make_value(i);
    }
};

const Table kTable; // read-only memory

} // namespace

int main()
{
    double *y = map_fresh(nullptr);
    if (!y)
        return 2;
    fill(kCount, 2.0, y);
    if (mprotect(y, kBytes, PROT_READ) != 0)
        return 3;
    std::printf("after mprotect: %.1f\n", host_sum(y));
    mprotect(y, kBytes, PROT_READ | PROT_WRITE);

    fill(kCount, 5.0, y);
    munmap(y, kBytes);
    double *again = map_fresh(y);
    if (again != y)
        return 4;
    for (long i = 0; i < kCount; ++i)
        again[i] = 1.0;
    std::printf("after munmap and mmap: %.1f\n", total(kCount, again));

    fill(kCount, 7.0, again);
    void *moved = mremap(again, kBytes, kBytes, MREMAP_MAYMOVE);
    if (moved == MAP_FAILED)
        return 5;
    std::printf("after mremap: %.1f\n", host_sum(static_cast<double *>(moved)));
    munmap(moved, kBytes);

    std::printf("const table: %.1f %.1f\n", total(kCount, kTable.values),
                total(kCount, kTable.values));
}
