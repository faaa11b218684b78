// `sizeof (type)` in a call's arguments (memcpy (dst, src, n * sizeof
// (float))), which the C++ parser keeps as a SIZEOF_EXPR around an
// error_mark_node for its memaccess warnings: a function holding one is no
// erroneous code.  Before, ferry skipped such a kernel, and every target
// region of such a host function (HeCBench's hotspot3D copies its input
// with memcpy before its time loop), without a word: the kernel's loop ran
// on the host, the regions on GCC's path.  A function whose region calls a
// function defined further down waits for the end of the unit, and then
// must be folded as the front end folds the others, or the gimplifier
// meets the SIZEOF_EXPR (an internal compiler error, HeCBench's xsbench and
// gpp).
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>

// The exponent field of each float, read through its bytes.
[[ferry::kernel]]
void exponents(std::span<const float> x, std::span<unsigned> e)
{
    for (std::size_t i = 0; i < x.size(); ++i) {
        unsigned bits;
        std::memcpy(&bits, &x[i], sizeof(float));
        e[i] = (bits >> 23) & 0xff;
    }
}

double later_scale(double x);

// Prints its buffer's size with sizeof (type) in printf's arguments, and
// scales it in a region that calls a function defined below.
static void scale(double *v, int n)
{
    std::printf("scaling %zu bytes\n", n * sizeof(double));
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
    for (int i = 0; i < n; ++i)
        v[i] = later_scale(v[i]);
}

int main()
{
    const int n = 4096, steps = 2;
    float *t = static_cast<float *>(std::malloc(n * sizeof(float)));
    float *first = static_cast<float *>(std::malloc(n * sizeof(float)));
    float *next = static_cast<float *>(std::malloc(n * sizeof(float)));
    unsigned *bits = static_cast<unsigned *>(std::malloc(n * sizeof(unsigned)));
    for (int i = 0; i < n; ++i)
        t[i] = static_cast<float>((i * 37) % 101);
    std::memcpy(first, t, n * sizeof(float));
#pragma omp target data map(tofrom: t[0:n]) map(alloc: next[0:n])
    {
        for (int s = 0; s < steps; ++s) {
#pragma omp target teams distribute parallel for
            for (int i = 0; i < n; ++i) {
                const int w = i == 0 ? i : i - 1, e = i == n - 1 ? i : i + 1;
                next[i] = 0.25f * t[w] + 0.5f * t[i] + 0.25f * t[e];
            }
            float *swap = t;
            t = next;
            next = swap;
        }
    }
    exponents(std::span<const float>(t, n), std::span<unsigned>(bits, n));
    double scaled[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    scale(scaled, 8);
    double sum = 0, moved = 0;
    unsigned long exponent_sum = 0;
    for (int i = 0; i < n; ++i) {
        sum += t[i];
        moved += t[i] > first[i] ? t[i] - first[i] : first[i] - t[i];
        exponent_sum += bits[i];
    }
    std::printf("sum=%.3f moved=%.3f exponents=%lu scaled[7]=%g\n", sum,
                moved, exponent_sum, scaled[7]);
    std::free(t);
    std::free(first);
    std::free(next);
    std::free(bits);
    return 0;
}

#pragma omp declare target
double later_scale(double x)
{
    return 1.5 * x;
}
#pragma omp end declare target
