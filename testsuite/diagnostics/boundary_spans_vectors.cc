// Spans and vectors at the kernel boundary: their length is their own, a
// kernel cannot resize a vector or copy one, and an attribute cannot let a
// kernel write const elements.
// { dg-options "-std=c++20" }
#include <cstddef>
#include <span>
#include <vector>

[[ferry::kernel]]
void by_value(std::vector<double> v, [[ferry::out(n)]] double *y, int n) // { dg-error "kernel parameter 'v' copies a 'std::vector'" }
{
    for (int i = 0; i < n; ++i)
        y[i] = v[i];
}

[[ferry::kernel]]
void with_length([[ferry::out(3)]] std::span<double> s) // { dg-error "the length of 's' comes from the std::span itself" }
{
    for (std::size_t i = 0; i < s.size(); ++i)
        s[i] = 0;
}

[[ferry::kernel]]
void writes_const([[ferry::borrow_mut]] std::span<const double> s, // { dg-error "'ferry::borrow_mut' lets the kernel write 's', whose elements are const here" }
                  std::span<double> t)
{
    for (std::size_t i = 0; i < t.size(); ++i)
        t[i] = s[i];
}

[[ferry::kernel]]
void resizes(std::span<const double> s, std::vector<double> &w)
{
    for (std::size_t i = 0; i < s.size(); ++i)
        w.push_back(s[i]); // { dg-error "calls 'push_back' on 'w'" }
}

[[ferry::kernel]]
void iterates(std::span<double> s)
{
    for (std::size_t i = 0; i < s.size(); ++i)
        *(s.begin() + i) = 1.0; // { dg-error "calls 'begin' on 's'" }
}

// The rules hold for spans as for pointers: a const vector is borrowed.
[[ferry::kernel]]
void writes_borrowed(const std::vector<double> &v, std::span<double> out)
{
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = v[i] + v[i + 1]; // ok: reads of a borrowed neighbour
    for (std::size_t i = 0; i + 1 < out.size(); ++i)
        out[i + 1] = out[i]; // { dg-error "possible data race: this write of 'out'" }
}
