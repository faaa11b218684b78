// std::span and std::vector parameters: the length comes from the span or
// vector itself; const elements are borrowed, others exclusively
// borrowed, and an attribute without a length refines the ownership.
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>
#include <cstdio>
#include <span>
#include <vector>

[[ferry::kernel]]
void axpy(double a, std::span<const double> x, std::span<double> y)
{
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] += a * x[i];
}

// Every element written: out copies nothing in.
[[ferry::kernel]]
void fill_squares([[ferry::out]] std::span<double> y)
{
    for (std::size_t i = 0; i < y.size(); ++i)
        y[i] = static_cast<double>(i) * static_cast<double>(i);
}

// A span of fixed extent: its length is a constant.
[[ferry::kernel]]
void rotate3(std::span<const double, 3> angles, std::span<double> xyz)
{
    for (std::size_t p = 0; p < xyz.size() / 3; ++p) {
        double x = xyz[3 * p], y = xyz[3 * p + 1];
        xyz[3 * p] = x - angles[2] * y;
        xyz[3 * p + 1] = y + angles[2] * x;
        xyz[3 * p + 2] += angles[0] + angles[1];
    }
}

// Vectors by reference, a reduction, and data() handed to a helper.
double weight(const double *w, std::size_t k) { return w[k] * 0.5; }

[[ferry::kernel]]
double weighted_sum(const std::vector<double> &v, const std::vector<double> &w)
{
    double sum = 0;
    for (std::size_t i = 0; i < v.size(); ++i)
        sum += v[i] * weight(w.data(), i);
    return sum;
}

[[ferry::kernel]]
void clamp_all(std::vector<double> &v, double lo, double hi)
{
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = v[i] < lo ? lo : (v[i] > hi ? hi : v[i]);
}

// A histogram in a vector, updated by all iterations.
[[ferry::kernel]]
void count(std::span<const int> keys, [[ferry::shared_mut]] std::vector<int> &bins)
{
    for (std::size_t i = 0; i < keys.size(); ++i)
        bins[keys[i] % bins.size()] += 1;
}

int main()
{
    const std::size_t n = 3000;
    std::vector<double> x(n), y(n, 1.0), z(n);
    for (std::size_t i = 0; i < n; ++i)
        x[i] = 0.25 * (i % 13);
    for (int step = 0; step < 3; ++step) {
        axpy(0.5, x, y);
        y[step] -= 1.0; // host work between launches
    }
    fill_squares(z);
    std::vector<double> angles{0.1, 0.2, 0.01};
    rotate3(std::span<const double, 3>(angles.data(), 3), x);
    clamp_all(z, 10.0, 1.0e6);
    double ws = weighted_sum(y, z);
    std::vector<int> keys(n), bins(7, 0);
    for (std::size_t i = 0; i < n; ++i)
        keys[i] = static_cast<int>((i * 37) % 101);
    count(keys, bins);

    double ys = 0, xs = 0, zs = 0;
    for (std::size_t i = 0; i < n; ++i) {
        ys += y[i];
        xs += x[i];
        zs += z[i];
    }
    std::printf("%.12g %.12g %.12g %.12g\n", ys, xs, zs, ws);
    for (int b : bins)
        std::printf("%d ", b);
    std::printf("\n");
}
