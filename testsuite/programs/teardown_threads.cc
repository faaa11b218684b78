// A thread goes on launching kernels while main returns and the exit
// handlers run.  At exit ferry leaves its device for the host (on a GPU,
// before libgomp shuts the device down; the sim device does the same): the
// launch the thread has in flight must end on the device, what the device
// holds newer must come back, and its later launches run on the host, on
// those bytes.  Before, a launch that began on the device ended on the
// host's policy, and on a GPU the next one failed in cuLaunchKernel after
// libgomp's exit handler.  A handler registered before the first launch
// runs after ferry's, stops the thread and checks its buffer against the
// number of launches it made.
#include <ferry/ferry.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

[[ferry::kernel]]
void add(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * (i % 3 + 1);
}

namespace {

constexpr int kLength = 40000; // ten pages and more: guarded
std::vector<double> *data;
std::atomic<long> launches{0};
std::atomic<bool> stop{false};
std::atomic<bool> stopped{false};

void keep_launching()
{
    while (!stop.load()) {
        add(kLength, 1.0, data->data());
        launches.fetch_add(1);
    }
    stopped.store(true);
}

void check_the_thread_at_exit()
{
    stop.store(true);
    while (!stopped.load())
        std::this_thread::yield();
    const long made = launches.load();
    long wrong = 0;
    for (int i = 0; i < kLength; ++i)
        wrong += (*data)[i] != 1.0 + static_cast<double>(made) * (i % 3 + 1);
    std::printf("after main: the thread made %s launches, %ld elements "
                "wrong\n",
                made >= 200 ? "200 or more" : "fewer than 200", wrong);
}

} // namespace

int main()
{
    std::atexit(check_the_thread_at_exit);
    data = new std::vector<double>(kLength, 1.0);
    std::thread(keep_launching).detach();
    while (launches.load() < 200)
        std::this_thread::yield();
    std::printf("main returns while the thread launches\n");
}
