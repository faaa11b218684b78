// Kernels whose device code needs stack frames after GCC's inlining, as
// real code does: a lookup helper with small local arrays that it fills
// through a pointer (the shape of a Monte Carlo cross-section lookup), a
// seed advanced through a pointer, a struct returned by value from a
// helper kept out of line, newlib's sin and cos, a reduction, and a
// shared_mut histogram, all with frames.  On NVIDIA each runs on the direct
// path with a stack per thread (doc/gpu-results.md); everywhere it must give
// the serial build's answers.
#include <ferry/ferry.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

struct Channels {
    double total, elastic, absorption;
};

__attribute__((noinline)) void add_channels(const double *grid, int points,
                                            double energy, double *xs)
{
    int low = 0, high = points - 1;
    while (high - low > 1) { // binary search, as the lookup kernels do
        const int middle = (low + high) / 2;
        if (grid[middle] > energy)
            high = middle;
        else
            low = middle;
    }
    const double f = (energy - grid[low]) / (grid[high] - grid[low]);
    for (int c = 0; c < 5; ++c)
        xs[c] += (1 - f) * (c + 1) * grid[low] + f * (c + 2) * grid[high];
}

__attribute__((noinline)) Channels lookup(const double *grid, int points,
                                          double energy)
{
    double xs[5] = {0, 0, 0, 0, 0};
    add_channels(grid, points, energy, xs);
    add_channels(grid, points, grid[0] + 0.5 * (energy - grid[0]), xs);
    return {xs[0] + xs[1] + xs[2] + xs[3] + xs[4], xs[1], xs[3]};
}

__attribute__((noinline)) double next_random(unsigned long long *seed)
{
    *seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(*seed >> 11) * 0x1.0p-53;
}

} // namespace

[[ferry::kernel]]
void cross_sections(int n, int points, [[ferry::borrow(points)]] const double *grid,
                    [[ferry::out(n)]] double *total, [[ferry::out(n)]] double *ratio)
{
    for (int i = 0; i < n; ++i) {
        unsigned long long seed = 1000003ull * i + 17;
        const double energy =
            grid[0] + next_random(&seed) * (grid[points - 1] - grid[0]);
        const Channels c = lookup(grid, points, energy);
        total[i] = c.total;
        ratio[i] = c.elastic / (c.absorption + 1);
    }
}

[[ferry::kernel]]
void waves(int n, [[ferry::out(n)]] double *w)
{
    for (int i = 0; i < n; ++i)
        w[i] = std::sin(0.37 * i) * std::cos(0.11 * i) + std::sin(1e3 * i);
}

[[ferry::kernel]]
double energy_sum(int n, int points, [[ferry::borrow(points)]] const double *grid)
{
    double sum = 0;
    for (int i = 0; i < n; ++i)
        sum += lookup(grid, points, grid[0] + i * 1e-3).total;
    return sum;
}

[[ferry::kernel]]
void histogram(int n, int points, [[ferry::borrow(points)]] const double *grid,
               [[ferry::shared_mut(16)]] int *bins)
{
    for (int i = 0; i < n; ++i) {
        const Channels c = lookup(grid, points, grid[0] + i * 1e-3);
        bins[static_cast<int>(std::fabs(c.elastic)) % 16] += 1;
    }
}

int main()
{
    const int n = 20000, points = 257;
    std::vector<double> grid(points), total(n), ratio(n), w(n);
    for (int p = 0; p < points; ++p)
        grid[p] = 1.0 + p * p * 0.01;
    std::vector<int> bins(16, 0);
    cross_sections(n, points, grid.data(), total.data(), ratio.data());
    waves(n, w.data());
    const double sum = energy_sum(n, points, grid.data());
    histogram(n, points, grid.data(), bins.data());
    double st = 0, sr = 0, sw = 0;
    for (int i = 0; i < n; ++i) {
        st += total[i];
        sr += ratio[i];
        sw += w[i];
    }
    std::printf("%.10g %.10g %.10g %.10g\n", st, sr, sw, sum);
    for (int b : bins)
        std::printf("%d ", b);
    std::printf("\n");
}
