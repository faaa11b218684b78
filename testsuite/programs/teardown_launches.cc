// Kernels launched after main returns: from an atexit handler and from a
// static destructor, on a buffer a kernel in main wrote last.  The main
// thread's thread_local launch state was destroyed at exit before either
// ran (sim device: "malloc(): unaligned tcache chunk detected"); on a GPU
// libgomp finalizes the device in an exit handler of its own, so ferry
// leaves the GPU first and those launches run on the host ("cuLaunchKernel
// ... unknown error" before).
#include <ferry/ferry.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

[[ferry::kernel]]
void add(int n, double a, [[ferry::borrow_mut(n)]] double *y)
{
    for (int i = 0; i < n; ++i)
        y[i] += a * (i % 3 + 1);
}

namespace {

std::vector<double> *data;

double total()
{
    double s = 0;
    for (double v : *data)
        s += v;
    return s;
}

struct LaunchesWhenDestroyed {
    ~LaunchesWhenDestroyed()
    {
        add(static_cast<int>(data->size()), 1.0, data->data());
        std::printf("static destructor: %g\n", total());
    }
} late;

void launch_at_exit()
{
    add(static_cast<int>(data->size()), 2.0, data->data());
    std::printf("atexit handler: %g\n", total());
}

} // namespace

int main()
{
    data = new std::vector<double>(3000, 1.0);
    std::atexit(launch_at_exit);
    add(3000, 1.0, data->data());
    add(3000, 1.0, data->data());
    std::printf("main: %g\n", (*data)[1]);
}
