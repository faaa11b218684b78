// Memory freed and allocated again (malloc/free, new[]/delete[], realloc)
// is never taken for the resident buffer that lived there: the buffers are
// filled by a function without kernel calls, which syncs nothing, so a
// device copy kept past free() would feed old data to the next round.
// { ferry-stats "FERRY_DEVICE=sim" "launches=7 h2d_copies=7 d2h_copies=7" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void twice(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] *= 2.0;
}

// Not inlined, so its stores are invisible to main's instrumentation.
__attribute__((noinline)) void fill(double *y, int n, int round)
{
    for (int i = 0; i < n; ++i)
        y[i] = round * 1000 + i;
}

__attribute__((noinline)) double *fresh_malloc(int n, int round)
{
    double *y = static_cast<double *>(std::malloc(n * sizeof(double)));
    fill(y, n, round);
    return y;
}

__attribute__((noinline)) double *fresh_new(int n, int round)
{
    double *y = new double[n];
    fill(y, n, round);
    return y;
}

double checksum(const double *y, int n)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += y[i] * (i % 13);
    return sum;
}

int main()
{
    const int n = 4096;
    for (int round = 0; round < 3; ++round) {
        double *y = fresh_malloc(n, round);
        twice(n, y);
        std::printf("malloc round %d: %.9e\n", round, checksum(y, n));
        std::free(y);
    }
    for (int round = 3; round < 5; ++round) {
        double *y = fresh_new(n, round);
        twice(n, y);
        std::printf("new round %d: %.9e\n", round, checksum(y, n));
        delete[] y;
    }
    // realloc keeps the data: what the device wrote must come back first.
    double *y = fresh_malloc(n, 5);
    twice(n, y);
    y = static_cast<double *>(std::realloc(y, 4 * n * sizeof(double)));
    fill(y + n, 3 * n, 6);
    twice(4 * n, y);
    std::printf("realloc: %.9e\n", checksum(y, 4 * n));
    std::free(y);
}
