// Kernels that are member functions: the loops reach the members of
// `this` (vectors, spans, annotated pointers and numbers) as if they were
// parameters.  A const member function only borrows its vectors.
// { dg-options "-std=c++20" }
#include <ferry/ferry.hpp>
#include <cstdio>
#include <vector>

class Heat {
public:
    explicit Heat(std::size_t n) : n_(n), now_(n), next_(n)
    {
        for (std::size_t i = 0; i < n; ++i)
            now_[i] = (i > n / 3 && i < 2 * n / 3) ? 100.0 : 0.0;
    }

    [[ferry::kernel]] void step(double alpha);
    [[ferry::kernel]] double energy() const;
    void swap() { now_.swap(next_); }
    double at(std::size_t i) const { return now_[i]; }

private:
    std::size_t n_;
    std::vector<double> now_;
    std::vector<double> next_;
};

// Defined away from the class, as users write it.
[[ferry::kernel]]
void Heat::step(double alpha)
{
    for (std::size_t i = 0; i < n_; ++i) {
        double left = i > 0 ? now_[i - 1] : now_[i];
        double right = i + 1 < n_ ? now_[i + 1] : now_[i];
        next_[i] = now_[i] + alpha * (left - 2 * now_[i] + right);
    }
}

[[ferry::kernel]]
double Heat::energy() const
{
    double e = 0;
    for (std::size_t i = 0; i < n_; ++i)
        e += now_[i];
    return e;
}

// Annotated pointer members of a class, with the kernel in the class.
template <typename T>
class Scaled {
public:
    Scaled(std::size_t n, const T *in, T *out) : n_(n), in_(in), out_(out) {}

    [[ferry::kernel]] void apply(T factor)
    {
        for (std::size_t i = 0; i < n_; ++i)
            out_[i] = factor * in_[i] + offset_;
    }

private:
    std::size_t n_;
    [[ferry::borrow(n_)]] const T *in_;
    [[ferry::out(n_)]] T *out_;
    T offset_ = 1;
};

int main()
{
    Heat heat(600);
    for (int t = 0; t < 50; ++t) {
        heat.step(0.2);
        heat.swap();
    }
    std::printf("heat: %.12g %.12g %.12g\n", heat.energy(), heat.at(200),
                heat.at(300));

    std::vector<float> in(1000), out(1000);
    for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = 0.5f * (i % 17);
    Scaled<float> scaled(in.size(), in.data(), out.data());
    scaled.apply(3.0f);
    double sum = 0;
    for (float v : out)
        sum += v;
    std::printf("scaled: %.6g\n", sum);
}
