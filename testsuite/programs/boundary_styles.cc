// Kernels over aggregates written in other styles: members of a base
// class (and lengths that name them), a std::array member read through
// its const operator[], a class template with a static constexpr halo in
// its lengths, spans of structs bound to a const reference, a member kernel
// declared in a class and defined outside it, with a static constexpr
// length, and data() arithmetic on a vector.
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>
#include <array>
#include <cstdio>
#include <span>
#include <vector>

namespace sim {
struct Base {
    int n;
    [[ferry::borrow(n)]] const float *src;
};
struct Derived : Base {
    [[ferry::out(n)]] float *dst;
    std::array<float, 3> coeff;
};

template <class T>
struct Field {
    static constexpr int halo = 1;
    int n;
    [[ferry::borrow_mut(n + 2 * halo)]] T *data;
};

struct Particle { double x, y; };

class Solver {
public:
    static constexpr int N = 64;
    [[ferry::kernel]] void fill(double v) const;
    double *out_ = nullptr;
    [[ferry::out(N)]] double *table_ = nullptr;
};
}

[[ferry::kernel]]
void inherit(const sim::Derived &d)
{
    for (int i = 0; i < d.n; ++i)
        d.dst[i] = d.coeff[0] * d.src[i] + d.coeff[2];
}

template <class T>
[[ferry::kernel]]
void scale_field(sim::Field<T> f, T a)
{
    for (int i = sim::Field<T>::halo; i < f.n + sim::Field<T>::halo; ++i)
        f.data[i] *= a;
}

[[ferry::kernel]]
void centroid(std::span<const sim::Particle> ps, [[ferry::out]] std::span<double> r)
{
    for (int i = 0; i < (int)r.size(); ++i) {
        const auto &p = ps[i];
        r[i] = p.x * p.x + p.y * p.y;
    }
}

void sim::Solver::fill(double v) const
{
    for (int i = 0; i < N; ++i)
        table_[i] = v * i;
}

[[ferry::kernel]]
void shifted(const std::vector<double> &a, std::vector<double> &b)
{
    for (std::size_t i = 1; i < b.size(); ++i) {
        const double *left = a.data() + i - 1;
        b[i] = *left + a[i];
    }
}

int main()
{
    std::vector<float> src(100, 2.0f), dst(100);
    sim::Derived d;
    d.n = 100; d.src = src.data(); d.dst = dst.data(); d.coeff = {3.0f, 0.0f, 1.0f};
    inherit(d);
    std::vector<double> fd(12, 1.5);
    scale_field<double>(sim::Field<double>{10, fd.data()}, 2.0);
    std::vector<sim::Particle> ps(50, {1.0, 2.0});
    std::vector<double> r(50);
    centroid(ps, r);
    std::vector<double> table(sim::Solver::N);
    sim::Solver s; s.table_ = table.data();
    s.fill(0.5);
    std::vector<double> a(40, 1.0), b(40, 0.0);
    shifted(a, b);
    double t = 0;
    for (float v : dst) t += v;
    for (double v : fd) t += v;
    for (double v : r) t += v;
    for (double v : table) t += v;
    for (double v : b) t += v;
    std::printf("%.10g\n", t);
}
