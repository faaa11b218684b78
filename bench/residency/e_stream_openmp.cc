// (e) by hand with OpenMP: the class keeps its arrays on the device from
// construction to destruction and brings them back when asked.
#include "e_stream.hpp"
#include "residency.hpp"

#include <vector>

namespace {

constexpr double kScalar = 0.4;

class OpenmpStream final : public Stream {
public:
  explicit OpenmpStream(long n) : n_(n), a_(n), b_(n), c_(n) {
    residency::initialise(a_.data(), n);
    residency::initialise(b_.data(), n);
    residency::initialise(c_.data(), n);
    double *a = a_.data(), *b = b_.data(), *c = c_.data();
#pragma omp target enter data map(to : a[0 : n]) map(alloc : b[0 : n], c[0 : n])
  }
  ~OpenmpStream() override {
    double *a = a_.data(), *b = b_.data(), *c = c_.data();
    const long n = n_;
#pragma omp target exit data map(release : a[0 : n], b[0 : n], c[0 : n])
  }
  void copy() override {
    const long n = n_;
    const double *a = a_.data();
    double *c = c_.data();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      c[i] = a[i];
  }
  void scale() override {
    const long n = n_;
    const double *c = c_.data();
    double *b = b_.data();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      b[i] = kScalar * c[i];
  }
  void add() override {
    const long n = n_;
    const double *a = a_.data(), *b = b_.data();
    double *c = c_.data();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      c[i] = a[i] + b[i];
  }
  void triad() override {
    const long n = n_;
    const double *b = b_.data(), *c = c_.data();
    double *a = a_.data();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + kScalar * c[i];
  }
  double checksum() override {
    double *a = a_.data(), *b = b_.data(), *c = c_.data();
    const long n = n_;
#pragma omp target update from(a[0 : n], b[0 : n], c[0 : n])
    return residency::checksum(a, n) + residency::checksum(b, n) +
           residency::checksum(c, n);
  }

private:
  long n_;
  std::vector<double> a_, b_, c_;
};

} // namespace

std::unique_ptr<Stream> make_stream(long n) {
  return std::make_unique<OpenmpStream>(n);
}

void warm_up_stream() {
  double x[16] = {};
#pragma omp target map(tofrom : x)
  x[0] = 1.0;
}

const char *stream_version() { return "openmp"; }
