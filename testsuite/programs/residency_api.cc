// The explicit API for host code the plugin cannot see (an asm load
// stands in for it): ferry::sync, prefetch, release, and device pointers
// for vendor libraries.
// With guarded pages (the default) the sync of u[7] brings back its whole
// page (4096 bytes, so that the page can be opened), and the release the
// rest in one copy instead of two.
// { ferry-stats "FERRY_DEVICE=sim" "launches=3 h2d_bytes=8000 h2d_copies=1 d2h_bytes=24008 d2h_copies=5" }
// The plugin's syncs alone (FERRY_COHERENCE=compiler):
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=3 h2d_bytes=8000 h2d_copies=1 d2h_bytes=24008 d2h_copies=6" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
// { dg-options "-fopenmp" }
#include <ferry/ferry.hpp>

#include <omp.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

[[ferry::kernel]]
void fill(int n, double base, [[ferry::out(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = base + i;
}

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

bool resident()
{
    const char *setting = std::getenv("FERRY_RESIDENCY");
    return !(setting && std::strcmp(setting, "0") == 0);
}

int main()
{
    // Before the buffer reaches hidden_load, after which GCC must assume
    // that any call may touch it.
    const bool keep_copies = resident();
    const int n = 1000;
    double *u = static_cast<double *>(std::malloc(n * sizeof(double)));
    std::memset(u, 0, n * sizeof(double));

    ferry::prefetch(u, n);       // up now (8000), not at the launch
    fill(n, 10, u);              // writes all of u: nothing else goes up
    ferry::sync(u + 7, 1);       // 8 bytes come back
    std::printf("%g\n", hidden_load(u + 7));

    ferry::release(u, n);        // the rest comes back (2 copies), freed
    fill(n, 20, u);
    ferry::sync(u, n);           // all comes back (8000)
    std::printf("%g\n", hidden_load(u + 999));

    // A vendor library writes through the device pointer (here, an
    // OpenMP device-memory copy does).
    if (keep_copies) {
        double *on_device = ferry::device_pointer(u, n); // current already
        const double value = 42.0;
        omp_target_memcpy(on_device + 3, &value, sizeof value, 0, 0,
                          ferry::openmp_device(), omp_get_initial_device());
        ferry::device_wrote(u + 3, 1);
    } else {
        u[3] = 42.0;
    }
    ferry::sync(u + 3, 1);       // 8 bytes come back
    std::printf("%g\n", hidden_load(u + 3));
    fill(n, 30, u);
    ferry::sync_all();           // 8000 come back
    std::printf("%g\n", hidden_load(u + 500));
    std::free(u);
}
