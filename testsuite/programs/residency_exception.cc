// An exception thrown between launches leaves the function that launched
// them: its frame hands the buffer back, so the handler in main (which
// calls no kernel and syncs nothing) sees the device's results.
// With guarded pages (the default) the frame hands nothing back: the
// buffer stays on the device through all four launches, and the
// handler's read brings it back once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4 h2d_bytes=8000 h2d_copies=1 d2h_bytes=8000 d2h_copies=1" }
// The plugin's syncs alone (FERRY_COHERENCE=compiler):
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=4 h2d_bytes=32000 h2d_copies=4 d2h_bytes=32000 d2h_copies=4" }
// { ferry-env "FERRY_DEVICE=sim FERRY_CHECK=1" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <stdexcept>
#include <vector>

[[ferry::kernel]]
void grow(int n, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] = u[i] * 3.0 + 1.0;
}

__attribute__((noinline)) void advance(double *u, int n, int step)
{
    grow(n, u);
    if (step == 3)
        throw std::runtime_error("step 3 diverged");
}

int main()
{
    const int n = 1000;
    std::vector<double> u(n, 1.0);
    try {
        for (int step = 0; step < 10; ++step)
            advance(u.data(), n, step);
    } catch (const std::exception &e) {
        double sum = 0;
        for (double value : u)
            sum += value;
        std::printf("%s: sum %.9e\n", e.what(), sum);
    }
}
