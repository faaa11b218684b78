// The host reads one element every ten steps: only those 8 bytes come
// back each time (5 copies), and the buffer stays on the device.  The sum
// at the end brings back the rest, around the last element read (2).
// With guarded pages (the default) each read brings back the whole page
// around u[500] (4096 bytes, so that the page can be opened), and the
// sum's first access faults the rest back in one copy.
// { ferry-stats "FERRY_DEVICE=sim" "launches=50 h2d_bytes=8000 h2d_copies=1 d2h_bytes=24384 d2h_copies=6" }
// The plugin's syncs alone (FERRY_COHERENCE=compiler):
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=50 h2d_bytes=8000 h2d_copies=1 d2h_bytes=8032 d2h_copies=7" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>

[[ferry::kernel]]
void decay(int n, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = 0.5 * u[i] + i;
}

int main()
{
    const int n = 1000;
    double *u = static_cast<double *>(std::malloc(n * sizeof(double)));
    for (int i = 0; i < n; ++i)
        u[i] = 1.0 / (i + 1);
    for (int step = 0; step < 50; ++step) {
        decay(n, u);
        if (step % 10 == 9)
            std::printf("step %d: u[500] = %.9e\n", step, u[n / 2]);
    }
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += u[i];
    std::printf("%.9e\n", sum);
    std::free(u);
}
