// A time-step loop with a pointer swap and a printf in it: the buffers stay
// on the device for all 100 steps.  Each moves in once; the final sum
// brings both back (the plugin cannot tell which one `a` is by then).
// With guarded pages (the default) only the buffer the sum reads comes
// back: the minimum a hand-written target data region moves.
// { ferry-stats "FERRY_DEVICE=sim" "launches=100 h2d_bytes=16000 h2d_copies=2 d2h_bytes=8000 d2h_copies=1" }
// The plugin's syncs alone (FERRY_COHERENCE=compiler):
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=100 h2d_bytes=16000 h2d_copies=2 d2h_bytes=16000 d2h_copies=2" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_RESIDENCY=0" "launches=100 h2d_bytes=1600000 h2d_copies=200 d2h_bytes=800000 d2h_copies=100" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <utility>

[[ferry::kernel]]
void relax(int n, [[ferry::borrow(n)]] const double *in,
           [[ferry::borrow_mut(n)]] double *out)
{
    for (int i = 1; i < n - 1; ++i)
        out[i] = 0.5 * (in[i - 1] + in[i + 1]);
}

int main()
{
    const int n = 1000;
    double *a = static_cast<double *>(std::malloc(n * sizeof(double)));
    double *b = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        a[i] = b[i] = i % 7;
    for (int step = 0; step < 100; ++step) {
        relax(n, a, b);
        std::swap(a, b);
        if (step % 10 == 0)
            std::printf("step %d\n", step);
    }
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += a[i] * (i + 1);
    std::printf("%.9e\n", sum);
    std::free(a);
    std::free(b);
}
