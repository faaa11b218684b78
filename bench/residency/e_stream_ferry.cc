// (e) The ferry version of the Stream-style class: each method calls a
// ferry kernel on the members' arrays and returns.
// residency-bytes: h2d=8*n d2h=24*n
// residency-with: e_stream_main.cc
#include "e_stream.hpp"
#include "ferry_kernels.hpp"
#include "residency.hpp"

#include <vector>

constexpr double kScalar = 0.4;

[[ferry::kernel]]
void stream_copy(long n, [[ferry::borrow(n)]] const double *a,
                 [[ferry::out(n)]] double *c)
{
    for (long i = 0; i < n; ++i)
        c[i] = a[i];
}

[[ferry::kernel]]
void stream_scale(long n, double s, [[ferry::borrow(n)]] const double *c,
                  [[ferry::out(n)]] double *b)
{
    for (long i = 0; i < n; ++i)
        b[i] = s * c[i];
}

[[ferry::kernel]]
void stream_add(long n, [[ferry::borrow(n)]] const double *a,
                [[ferry::borrow(n)]] const double *b,
                [[ferry::out(n)]] double *c)
{
    for (long i = 0; i < n; ++i)
        c[i] = a[i] + b[i];
}

[[ferry::kernel]]
void stream_triad(long n, double s, [[ferry::borrow(n)]] const double *b,
                  [[ferry::borrow(n)]] const double *c,
                  [[ferry::out(n)]] double *a)
{
    for (long i = 0; i < n; ++i)
        a[i] = b[i] + s * c[i];
}

namespace {

class FerryStream final : public Stream {
public:
  explicit FerryStream(long n) : n_(n), a_(n), b_(n), c_(n) {
    residency::initialise(a_.data(), n);
    residency::initialise(b_.data(), n);
    residency::initialise(c_.data(), n);
  }
  void copy() override { stream_copy(n_, a_.data(), c_.data()); }
  void scale() override { stream_scale(n_, kScalar, c_.data(), b_.data()); }
  void add() override { stream_add(n_, a_.data(), b_.data(), c_.data()); }
  void triad() override {
    stream_triad(n_, kScalar, b_.data(), c_.data(), a_.data());
  }
  double checksum() override {
    return residency::checksum(a_.data(), n_) +
           residency::checksum(b_.data(), n_) +
           residency::checksum(c_.data(), n_);
  }

private:
  long n_;
  std::vector<double> a_, b_, c_;
};

} // namespace

std::unique_ptr<Stream> make_stream(long n) {
  return std::make_unique<FerryStream>(n);
}

void warm_up_stream() { warm_up(); }

const char *stream_version() { return "ferry"; }
