// The usual one-process form of several GPUs (issue 53): each device gets
// a share of the arrays, `map(to: x[id * chunk:chunk]) device(id)`, from
// a host thread of its own, or from one thread in turn with
// `omp_set_default_device(id)` and `nowait`; a share of a local array
// too (hokkanen/omp-gpu's `map(from: A[n * (size / 4):size / 4])`).  Each
// kernel's buffer is the device's share alone, so two devices never copy
// each other's elements, although shares meet inside a page; in the time
// loop each share stays on its device (no buffer moves), and the bytes
// copied are the shares' (x's two shares up, y's twice and the local
// array's and the counted shares' once down).  The last part splits its
// array among as many devices as omp_get_num_devices() counts, which the
// sim device answers with FERRY_SIM_DEVICES where that is set.  On one sim device the regions of `device(1)` run
// as GCC compiled them, on the host, and default device 1, which names no
// target, leaves kernels where they were.  Every run gives the serial
// build's answers.
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" }
// { ferry-env "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2 FERRY_RESIDENCY=0" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=2" "launches=14 targets:moves=0 openmp:regions=0 h2d_bytes=48000 d2h_bytes=183992" }
// { ferry-stats "FERRY_DEVICE=sim FERRY_SIM_DEVICES=1" "launches=8 openmp:regions=5" }
#include <cstdio>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

constexpr int kDevices = 2;

static double total(const double *x, int n)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += x[i];
    return sum;
}

// One host thread a device, three steps on each device's share.
static void threads(double *x, double *y, int n)
{
    const int chunk = n / kDevices;
#pragma omp parallel for num_threads(kDevices)
    for (int id = 0; id < kDevices; ++id) {
#pragma omp target teams distribute parallel for map(to: x[id * chunk:chunk]) map(from: y[id * chunk:chunk]) device(id)
        for (int i = id * chunk; i < (id + 1) * chunk; ++i)
            y[i] = 2 * x[i] + id;
        for (int step = 0; step < 3; ++step) {
#pragma omp target teams distribute parallel for map(tofrom: y[id * chunk:chunk]) device(id)
            for (int i = id * chunk; i < (id + 1) * chunk; ++i)
                y[i] = 0.5 * y[i] + step;
        }
    }
}

// One host thread choosing each device in turn.
static void in_turn(double *y, int n)
{
    const int chunk = n / kDevices;
    for (int id = 0; id < kDevices; ++id) {
#ifdef _OPENMP
        omp_set_default_device(id);
#endif
#pragma omp target teams distribute parallel for map(tofrom: y[id * chunk:chunk]) nowait
        for (int i = id * chunk; i < (id + 1) * chunk; ++i)
            y[i] += i % 7;
    }
#pragma omp taskwait
#ifdef _OPENMP
    omp_set_default_device(0);
#endif
}

// A local array's shares.
static int local_shares()
{
    const int size = 20000;
    int a[size];
    for (int i = 0; i < size; ++i)
        a[i] = -1;
#pragma omp parallel for num_threads(kDevices)
    for (int id = 0; id < kDevices; ++id) {
#pragma omp target teams distribute parallel for map(from: a[id * (size / kDevices):size / kDevices]) device(id)
        for (int i = id * (size / kDevices); i < (id + 1) * (size / kDevices); ++i)
            a[i] = 3 * i;
    }
    long sum = 0;
    for (int i = 0; i < size; ++i)
        sum += a[i];
    return int(sum % 1000003);
}

// As many shares as OpenMP counts devices (at least one): with
// FERRY_SIM_DEVICES set, the sim device answers omp_get_num_devices() as
// a node with that many GPUs would.
static double counted_shares(int n)
{
    int devices = 1;
#ifdef _OPENMP
    if (omp_get_num_devices() > 0)
        devices = omp_get_num_devices();
#endif
    std::vector<double> z(n);
    double *pz = z.data();
    const int share = n / devices;
#pragma omp parallel for num_threads(devices)
    for (int id = 0; id < devices; ++id) {
        const int last = id == devices - 1 ? n : (id + 1) * share;
#pragma omp target teams distribute parallel for map(from: pz[id * share:last - id * share]) device(id)
        for (int i = id * share; i < last; ++i)
            pz[i] = 0.125 * i;
    }
    return total(pz, n);
}

int main()
{
    // 3,000 doubles a share: the shares meet inside a page.
    const int n = 6000;
    std::vector<double> x(n), y(n, -1.0);
    for (int i = 0; i < n; ++i)
        x[i] = (i % 11) * 0.25;
    threads(x.data(), y.data(), n);
    std::printf("y: %.6f y[2999]=%.4f y[3000]=%.4f\n", total(y.data(), n), y[2999], y[3000]);
    in_turn(y.data(), n);
    std::printf("y: %.6f y[1]=%.4f y[5999]=%.4f\n", total(y.data(), n), y[1], y[5999]);
    std::printf("local: %d\n", local_shares());
    std::printf("counted: %.4f\n", counted_shares(999));
}
