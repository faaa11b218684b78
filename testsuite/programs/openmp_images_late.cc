// The program's own OpenMP constructs after ferry's kernels have opened the
// device: libferry gives libgomp the offload images only before the first
// construct that may need them (runtime/hooks/openmp_hooks.cc), so a
// declare-target variable must be mapped by then, and its update reach the
// program's own region.  On the host and the sim device the regions run on
// the host; on a GPU a missing image stops the region or loses the update.
// { ferry-env "FERRY_DEFER_IMAGES=0" }
#include <ferry/ferry.hpp>

#include <cstdio>
#include <vector>

#pragma omp declare target
double factor = 1.0;
#pragma omp end declare target

[[ferry::kernel]]
void shift(int n, double by, [[ferry::borrow_mut(n)]] double *u)
{
    for (int i = 0; i < n; ++i)
        u[i] += by;
}

int main()
{
    const int n = 4096;
    std::vector<double> data(n);
    for (int i = 0; i < n; ++i)
        data[i] = 0.25 * i;
    double *u = data.data();
    for (int step = 0; step < 3; ++step)
        shift(n, 1.0, u);

    factor = 3.0;
#pragma omp target update to(factor)
#pragma omp target teams distribute parallel for map(tofrom : u[0 : n])
    for (int i = 0; i < n; ++i)
        u[i] *= factor;
    shift(n, -0.5, u);

    double sum = 0;
    for (double value : data)
        sum += value;
    std::printf("%.9e %.9e %.9e\n", data[0], data[n - 1], sum);
}
