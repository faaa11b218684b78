// What guarded pages cost (doc/performance-2026-11.md, "Guarded pages"):
//   launch    time per launch of a launch-bound kernel pair (n = 1024),
//             to compare between FERRY_COHERENCE=pages and =compiler;
//   sync      an explicit ferry::sync of S bytes the device wrote (the
//             compiler's bulk sync, no fault);
//   fault     one read fault that brings back S bytes in one bulk copy;
//   page      a write fault that brings back its page only (the first 16
//             after a launch), per page.
// Each line: overhead,what,bytes,microseconds.
//   g++ -O2 -c overhead_plain.cc
//   ferry-g++ -O3 -o overhead overhead.cc overhead_plain.o
#include "ferry_kernels.hpp"
#include "overhead_plain.hpp"
#include "residency.hpp"

#include <cstdio>
#include <utility>

[[ferry::kernel]]
void stamp(long n, double value, [[ferry::out(n)]] double *y)
{
    for (long i = 0; i < n; ++i)
        y[i] = value + static_cast<double>(i % 3);
}

namespace {

void line(const char *what, long bytes, double microseconds)
{
    std::printf("overhead,%s,%ld,%.3f\n", what, bytes, microseconds);
}

void launches()
{
    const long n = 1024, count = 20000;
    std::vector<double> a(n, 1.0), b(n);
    double *in = a.data(), *out = b.data();
    smooth(n, in, out);
    ferry::wait();
    residency::Timer timer;
    for (long k = 0; k < count; ++k) {
        smooth(n, in, out);
        std::swap(in, out);
    }
    ferry::wait();
    line("launch", 0, timer.seconds() * 1e6 / count);
}

void copies_back(long bytes)
{
    const long n = bytes / 8, repeats = bytes > (8L << 20) ? 5 : 20;
    std::vector<double> y(n);
    watch(y.data());
    double sync_us = 0, fault_us = 0, page_us = 0, sink = 0;
    for (long r = 0; r < repeats; ++r) {
        stamp(n, r, y.data());
        ferry::wait();
        residency::Timer sync_timer;
        ferry::sync(y.data(), n);
        sync_us += sync_timer.seconds() * 1e6;

        stamp(n, r + 1, y.data());
        ferry::wait();
        residency::Timer fault_timer;
        sink += read_one(n / 2);
        fault_us += fault_timer.seconds() * 1e6;

        const long pages = n / 512 < 16 ? n / 512 : 16;
        stamp(n, r + 2, y.data());
        ferry::wait();
        residency::Timer page_timer;
        write_each_page(pages, sink);
        page_us += page_timer.seconds() * 1e6 / pages;
    }
    line("sync", bytes, sync_us / repeats);
    line("fault", bytes, fault_us / repeats);
    line("page", 4096, page_us / repeats);
    if (sink < 0)
        std::printf("%g\n", sink);
}

} // namespace

int main()
{
    warm_up();
    launches();
    for (long bytes : {4096L, 65536L, 1L << 20, 8L << 20, 64L << 20})
        copies_back(bytes);
}
