// FERRY_CHECK=1 finds a planted host access that no sync covers: an asm
// load, which GCC's alias oracle cannot see touching the buffer.
// { ferry-exit 1 "FERRY_CHECK: the host read 0x[0-9a-f]+, in buffer 'u', without telling ferry.*newer data.*\n.*ferry::sync" "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void fill(int n, [[ferry::out(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = 2.0 * i;
}

// A load the compiler does not know reads memory.
double hidden_load(const double *address)
{
    double value;
#if defined(__x86_64__)
    asm volatile("movsd (%1), %0" : "=x"(value) : "r"(address));
#else
    value = *static_cast<const volatile double *>(address);
#endif
    return value;
}

int main()
{
    const int n = 1 << 16; // many whole pages
    double *u = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        u[i] = -1;
    fill(n, u);
    std::printf("%g\n", hidden_load(u + n / 2)); // stale without check mode
    std::free(u);
}
