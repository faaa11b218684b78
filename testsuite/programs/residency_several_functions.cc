// One kernel called from main, from helpers, from a template and from a
// lambda.  Helpers whose pointer parameters only reach kernels are
// launchers: main answers for their buffers, which stay on the device.
// The lambda captures its pointer, so the function around it hands the
// buffer back on return, unless a ferry::resident_scope says that the
// calls in it leave the host copy alone.  (Handing v to that function lets
// v escape, so it gets a buffer of its own: after an escape GCC must assume
// any call may touch it.)
// With guarded pages (the default) no function hands its buffers back on
// return, the lambda's included: each buffer moves in once and out once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=28 h2d_bytes=16000 h2d_copies=2 d2h_bytes=32000 d2h_copies=4" }
// The plugin's syncs alone (FERRY_COHERENCE=compiler):
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=28 h2d_bytes=48000 h2d_copies=6 d2h_bytes=56000 d2h_copies=7" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=28 h2d_bytes=224000 h2d_copies=28 d2h_bytes=224000 d2h_copies=28" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void smooth(int n, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + 0.25 * i;
}

__attribute__((noinline)) void smooth_twice(double *u, int n)
{
    smooth(n, u);
    smooth(n, u);
}

template <int Times>
__attribute__((noinline)) void smooth_times(double *u, int n)
{
    for (int i = 0; i < Times; ++i)
        smooth(n, u);
}

__attribute__((noinline)) void smooth_in_lambda(double *u, int n)
{
    auto once = [u, n] { smooth(n, u); };
    once();
    once();
}

__attribute__((noinline)) double checksum(const double *u, int n)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += u[i] * (i % 11);
    return sum;
}

int main()
{
    const int n = 1000;
    double *u = static_cast<double *>(std::malloc(n * sizeof(double)));
    double *v = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        u[i] = v[i] = i;
    smooth(n, u);                           // up
    smooth_twice(u, n);                     // launchers: u stays
    smooth_times<3>(u, n);
    std::printf("%.9e\n", checksum(u, n));  // down (GCC sees it only reads)
    for (int step = 0; step < 6; ++step)    // nothing moves
        smooth_times<2>(u, n);
    std::printf("%.9e\n", checksum(u, n));  // down
    {
        ferry::resident_scope keep;
        for (int step = 0; step < 3; ++step) // up once
            smooth_in_lambda(v, n);
    }                                        // down
    std::printf("%.9e\n", checksum(v, n));
    for (int step = 0; step < 2; ++step)
        smooth_in_lambda(v, n);              // up and down for each once()
    std::printf("%.9e\n", checksum(v, n));
    std::free(u);
    std::free(v);
}
