// ferry — safe, resident GPU offload for C++ through a GCC plugin.
//
// Mark a loop function [[ferry::kernel]] and give each pointer parameter an
// ownership attribute; compile with ferry-g++ (or g++ -fplugin=ferry.so
// -fopenmp ...).  The plugin checks the ownership rules and turns the loop
// into an OpenMP target region; libferry moves the data.
//
//   #include <ferry/ferry.hpp>
//
//   [[ferry::kernel]]
//   void daxpy(std::size_t n, double a,
//              [[ferry::borrow(n)]] const double *x,   // read-only
//              [[ferry::borrow_mut(n)]] double *y)     // read-write
//   {
//       for (std::size_t i = 0; i < n; ++i)
//           y[i] += a * x[i];
//   }
//
// Without the plugin the same source is plain serial C++; the ferry::
// attributes are then ignored silently.
#ifndef FERRY_FERRY_HPP
#define FERRY_FERRY_HPP

#define FERRY_VERSION_MAJOR 0
#define FERRY_VERSION_MINOR 1
#define FERRY_VERSION_PATCH 0

// The plugin defines __FERRY_PLUGIN__; without it GCC would warn once per
// ferry attribute that it does not know it.
#if !defined(__FERRY_PLUGIN__) && defined(__GNUC__) && !defined(__clang__) &&  \
    __GNUC__ >= 12
#pragma GCC diagnostic ignored_attributes "ferry::"
#endif

#include <string>

#define FERRY_API __attribute__((visibility("default")))

namespace ferry {

// Where kernels run in this process: "gpu 0 of 1 (OpenMP)", "host" or "sim"
// (see FERRY_DEVICE in doc/runtime.md).  Needs libferry.
FERRY_API std::string device_name();

} // namespace ferry

#endif // FERRY_FERRY_HPP
