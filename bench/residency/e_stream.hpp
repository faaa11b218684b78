// (e) A Stream-style port: the kernels are called by the methods of a class
// that the time loop reaches only through this interface, from another
// file.
#ifndef FERRY_BENCH_RESIDENCY_E_STREAM_HPP
#define FERRY_BENCH_RESIDENCY_E_STREAM_HPP

#include <memory>

class Stream {
public:
  virtual ~Stream() = default;
  virtual void copy() = 0;  // c = a
  virtual void scale() = 0; // b = s * c
  virtual void add() = 0;   // c = a + b
  virtual void triad() = 0; // a = b + s * c
  // The sum of the three arrays' checksums, read on the host.
  virtual double checksum() = 0;
};

// One implementation per version, in its own file: the class, the start
// of its device before the timer, and the version's name for the report.
std::unique_ptr<Stream> make_stream(long n);
void warm_up_stream();
const char *stream_version();

#endif
