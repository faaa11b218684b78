// A thread the plugin knows nothing of reads what a kernel just wrote and
// writes one element before the next launch; main only hands it a turn
// through an atomic.  With guarded pages (the default) the reader's first
// access brings the device's data back (a fault), its write marks one page
// stale on the device (a fault), and the next launch uploads that page
// alone.  With the plugin's syncs alone (FERRY_COHERENCE=compiler) the
// answers are right too, but since the buffer escaped to the thread, any
// call may touch it: the whole buffer goes both ways every step.
// { ferry-stats "FERRY_DEVICE=sim" "launches=20 h2d_bytes=110592 h2d_copies=20 d2h_bytes=655360 d2h_copies=20 faults=40" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_COHERENCE=compiler" "launches=20 h2d_bytes=655360 h2d_copies=20 d2h_bytes=655360 d2h_copies=20 faults=0" }
#include <ferry/ferry.hpp>

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

[[ferry::kernel]]
void grow(int n, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] = 1.5 * y[i] + 1.0;
}

int main()
{
    const int n = 4096, steps = 20;
    std::vector<double> y(n, 1.0);
    std::atomic<int> turn{0};
    std::vector<double> seen(steps);
    std::thread reader([&] {
        for (int step = 0; step < steps; ++step) {
            while (turn.load() != 1)
                std::this_thread::yield();
            double sum = 0;
            for (int i = 0; i < n; i += 97)
                sum += y[i];
            seen[step] = sum;
            y[step * 100] = -1.0; // a write the device must see
            turn.store(0);
        }
    });
    for (int step = 0; step < steps; ++step) {
        grow(n, y.data());
        turn.store(1);
        while (turn.load() != 0)
            std::this_thread::yield();
    }
    reader.join();
    for (int step = 0; step < steps; step += 4)
        std::printf("%.12g\n", seen[step]);
}
