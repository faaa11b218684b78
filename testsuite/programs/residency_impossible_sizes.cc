// Requests no allocator can meet fail as glibc's do, null with ENOMEM (and
// std::bad_alloc from new), under every coherence mode: libferry's
// page-aligned blocks round a size up to whole pages, and a size near
// SIZE_MAX used to wrap to a small block that malloc returned as if it held
// the request (found building CppUTest with CXX=ferry-g++: its test of a
// failing malloc failed).  A kernel runs on what the program could
// allocate, so that the hooks are live.
#include <ferry/ferry.hpp>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

[[ferry::kernel]]
void twice(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] *= 2.0;
}

namespace {

// The volatile size keeps GCC from folding the calls away or warning, and
// the volatile sink from eliding the new-expression.
volatile std::size_t huge = SIZE_MAX - 96;
char *volatile sink;

void report(const char *what, void *block)
{
    std::printf("%s: %s%s\n", what, block ? "a block" : "null",
                !block && errno == ENOMEM ? ", ENOMEM" : "");
    std::free(block);
}

} // namespace

int main()
{
    const int n = 4096;
    double *y = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        y[i] = i;
    twice(n, y);

    errno = 0;
    report("malloc(SIZE_MAX - 96)", std::malloc(huge));
    errno = 0;
    report("malloc(SIZE_MAX)", std::malloc(huge + 96));
    errno = 0;
    report("calloc(1, SIZE_MAX - 96)", std::calloc(1, huge));
    errno = 0;
    report("calloc(SIZE_MAX / 2, 4)", std::calloc(huge / 2, 4));
    errno = 0;
    void *grown = std::realloc(y, huge);
    std::printf("realloc(y, SIZE_MAX - 96): %s%s\n", grown ? "a block" : "null",
                !grown && errno == ENOMEM ? ", ENOMEM" : "");
    if (grown)
        y = static_cast<double *>(grown);
    try {
        sink = new char[huge];
        std::printf("new char[SIZE_MAX - 96]: a block\n");
        delete[] sink;
    } catch (const std::bad_alloc &) {
        std::printf("new char[SIZE_MAX - 96]: std::bad_alloc\n");
    }
    // y is untouched by the failed realloc.
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += y[i];
    std::printf("sum %.1f\n", sum);
    std::free(y);
    return 0;
}
